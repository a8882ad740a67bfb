#!/bin/sh
# run from a checkout of branch exp5-kunit in /work/main/build/exp5/linux-kunit
export PATH=/usr/lib/ccache:$PATH CCACHE_BASEDIR=/work/main/build CCACHE_NOHASHDIR=true
cd /work/main/build/exp5/linux-kunit || exit 1
nice -n 10 tools/testing/kunit/kunit.py run --arch=x86_64 --make_options LLVM=-19 \
	--build_dir=/work/main/build/exp5/kunit --kunitconfig=/work/main/build/exp5/kunitconfig \
	--jobs 2 --timeout 1200 --kernel_args kasan_multi_shot --raw_output=all
