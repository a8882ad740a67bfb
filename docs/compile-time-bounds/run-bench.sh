#!/bin/sh
# run-bench.sh BRANCH - the -icount micro-benchmark of BRANCH (exp5-bench-*)
export PATH=/usr/lib/ccache:$PATH CCACHE_BASEDIR=/work/main/build CCACHE_NOHASHDIR=true
git -C /work/main/build/exp5/linux-kunit checkout -q "$1" || exit 1
cd /work/main/build/exp5/linux-kunit || exit 1
nice -n 10 tools/testing/kunit/kunit.py run --arch=x86_64 --make_options LLVM=-19 \
	--build_dir=/work/main/build/exp5/kunit-bench --kunitconfig=/work/main/build/exp5/kunitconfig-bench \
	--jobs 2 --timeout 1800 --raw_output=all \
	--qemu_args "-icount shift=0,align=off,sleep=off" \
	> /work/main/build/exp5/res/bench-$1.log 2>&1
echo "rc=$?" >> /work/main/build/exp5/res/bench-$1.log
