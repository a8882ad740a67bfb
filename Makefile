# The map of the workbench. Each target is one verb; each verb is one script.
#
#   make run              build + boot the patched kernel, run every test, print the summary
#   make check            everything the tests need, on the patched kernel, the fixes queue
#                         and the baseline; non-zero exit on any failure (CI; its
#                         cold and warm times: README; the allmodconfig stages
#                         are in report)
#   make tool-tests       the workbench's own tests (tests/tools, pytest, minutes; in check)
#   make surface          every function of 6.12.118 that takes a socket address from user
#                         space or returns one, beyond bind/connect/getname, has a row in
#                         tests/expect/surface.map with what tests it (scripts/surface.py; in check)
#   make compile-touched  the files the series touches compile (allmodconfig, W=1, WERROR;
#                         in report, not in check)
#   make fixes-alone      every fix (part A of patches/series) applies to plain 6.12.118
#                         alone and its files compile (allmodconfig, W=1, WERROR; in report;
#                         PROFILE=v6.1: patches/6.1's part A on 6.1.192)
#   make backport-build   code that calls part B as later upstream backports do builds
#                         with clang-19 and gcc-12 (W=1, WERROR; in report)
#   make baseline         the same for 6.12.118 with only the test patches (= make run SERIES=none)
#   make compare          baseline and patched guest transcripts agree, apart from the
#                         intended differences (tests/expect/part-X.transcript.diff of the
#                         queue's parts; RUN.transcript.diff otherwise), and so do the results of
#                         the kernel's own selftests, case by case (needs run and baseline)
#   make abi-layout       every struct that holds a sockaddr has the same layout on both
#                         kernels, and no sockaddr flexible-array warning is left (needs both)
#   make bisect-build     build every prefix of the series (slow, not in check;
#                         resumable: a prefix that built is not built again)
#   make gcc12            Debian's compiler: the touched files with gcc-12 (no warning the
#                         baseline lacks), and the test kernel built with gcc-12 and booted
#                         with the whole suite (not in check; needs make run for the compare)
#   make kmsan            the patched kernel with KMSAN instead of KASAN, booted with the
#                         whole suite (uninitialised bytes; slow: in report, not in check)
#   make cross            Debian's other kernel architectures: the touched files
#                         compiled with each one's gcc-12 cross compiler under its
#                         allmodconfig, W=1, no warning the baseline lacks (report)
#   make i386             the baseline, the fixes queue and the series as 32-bit kernels
#                         (gcc-12), the whole suite as 32-bit programs: among others the
#                         kernel stack that SIOCSIFHWADDR and SIOCADDMULTI read on the
#                         baseline (in report, not in check)
#   make arm64            the baseline, the fixes queue and the series as arm64 kernels
#                         (clang-19, KASAN) on QEMU's virt machine, the whole suite as
#                         arm64 programs, compared with each other and with x86_64's
#                         transcripts (needs run and baseline; in report, not in check)
#   make distro           Debian's way, both kernels (none and SERIES): Debian's own config
#                         reduced to the QEMU machine, gcc-12, .deb packages (bindeb-pkg)
#                         installed into a Debian 12 image, booted to multi-user, a system
#                         test compared between them (slow: not in check; cached stages)
#   make distro-cost      what each queue costs a distribution: make distro's kernels
#                         (Debian's config, gcc-12) of the baseline, part A, A+B and
#                         A+B+C; the exported symbols whose CRC changes, and Debian 12's
#                         DKMS packages built against each (slow: in report, not in check)
#   make report           measure the series against the baseline: binary identity, ABI layout,
#                         warning census, size, stack, guest benchmarks, the three allmodconfig
#                         stages -> build/report/report.md
#
# SERIES selects the patch queue: a queue of patches/queues (main, without-c, fixes, none:
# parts of patches/series, scripts/queues.py), or NAME (a folder patches-NAME/series).
# PROFILE selects the kind of run: config/profiles/PROFILE.conf (test, kmsan, gcc12,
# bench, distro, i386; v6.1: the queues of patches/6.1 on linux-source-6.1) names the
# kernel tree, architecture, compiler, config fragments, QEMU machine and guest programs
# (scripts/lib.sh run_env). BUILD is the git-ignored folder that holds the kernel trees,
# objects and logs: BUILD/SERIES (its tree, and the test profile's run), BUILD/SERIES/PROFILE.

SERIES  ?= main
PROFILE ?= test
BUILD   ?= $(CURDIR)/build
export SERIES BUILD

# Kernel build environment: clang-19 / lld-19 through ccache, reproducible stamps.
export LLVM := -19
export PATH := /usr/lib/ccache:$(PATH)
export CCACHE_BASEDIR := $(BUILD)
export CCACHE_NOHASHDIR := true
# Depend mode: a miss is hashed from the compiler's own -MMD file (kbuild
# passes -Wp,-MMD), not from a second run of the preprocessor. A cold kernel
# build takes a quarter less (70 test-kernel objects through an empty cache:
# 145 s, 110 s in depend mode); a hit needs every header unchanged, which is
# what the trees that share objects (baseline and fixes queue) have. There
# is no fallback: a change of config/*.config or of a Kconfig file rewrites
# autoconf.h, which every object includes, and the next build is cold
# (bisect-build.sh uses preprocessor mode for that reason).
export CCACHE_DEPEND := true
export CCACHE_MAXSIZE ?= 25G
export KBUILD_BUILD_TIMESTAMP := 2026-01-01
export KBUILD_BUILD_USER := workbench
export KBUILD_BUILD_HOST := qemu

S := scripts

# Serial, whatever -j says: the stages of one run follow each other by the
# order of run's prerequisites (parse reads what boot wrote), and run and
# baseline share build/src (git worktrees of one repository). Each kernel
# build is parallel inside (build-kernel.sh: make -j$(nproc)).
.NOTPARALLEL:

.PHONY: distro-cost backport-build tool-tests gcc12 cross kmsan i386 arm64 fixes-alone run check baseline compare abi-layout deps deps-distro distro tree config kernel selftests initramfs boot parse checkpatch compile-touched check-prototypes surface bisect-build report clean distclean

run: deps tree config kernel selftests initramfs boot parse

baseline:
	$(MAKE) run SERIES=none

# The fixes queue (part A with the test patches of part D: what a
# distribution takes first) is built and booted too, and compared with the
# baseline. Both cores stay busy (scripts/background.sh): main's kernel
# is built in the background at the lowest priority beside the tool tests
# and checkpatch, the baseline's while main's boots (QEMU's TCG keeps one
# core), and the fixes queue's (from the baseline's cached objects) in the
# foreground; then the baseline boots alone, then the fixes queue: the
# baseline's ETF rows need a send() that ends within a few hundred
# microseconds of a clock tick (tests/guest/etf_errqueue.c), which a
# second QEMU beside it made too slow (a skip, at 07671b5). The run after
# a background build builds again in the foreground, which only checks
# when the background build finished, and decides. A background job ends
# with this make ($$PPID of the recipe's shell). (Not $(MAKE) in the
# background lines: make -n would run them.)
check: deps
	$(MAKE) tree
	@$(S)/background.sh start $$PPID $(BUILD)/main/background make config kernel selftests
	$(MAKE) tool-tests
	$(MAKE) tree SERIES=none
	$(MAKE) tree SERIES=fixes
	$(MAKE) checkpatch check-prototypes surface
	@$(S)/background.sh wait $(BUILD)/main/background
	@$(S)/background.sh start $$PPID $(BUILD)/none/background make config kernel selftests SERIES=none
	$(MAKE) run
	@$(S)/background.sh wait $(BUILD)/none/background
	$(MAKE) config kernel selftests SERIES=fixes
	$(MAKE) baseline
	$(MAKE) compare abi-layout
	$(MAKE) run SERIES=fixes
	$(MAKE) compare SERIES=fixes

deps:
	@. $(S)/lib.sh && stage deps $(S)/deps.sh $(PROFILE)

# Debian's python3 (deps.sh installs python3-pytest for it), whatever else
# is first on PATH.
tool-tests: deps
	@. $(S)/lib.sh && stage tool-tests /usr/bin/python3 -m pytest -q -p no:cacheprovider tests/tools

tree: deps
	@. $(S)/lib.sh && stage tree $(S)/prepare-tree.sh $(SERIES) $(PROFILE)

config: tree
	@. $(S)/lib.sh && stage config $(S)/configure.sh $(SERIES) $(PROFILE)

kernel: config
	@. $(S)/lib.sh && stage build $(S)/build-kernel.sh $(SERIES) $(PROFILE)

# The kernel's own selftests of tests/selftests/list, from the series' tree.
selftests: tree
	@. $(S)/lib.sh && stage selftests $(S)/build-selftests.sh $(SERIES) $(PROFILE)

initramfs: kernel selftests
	@. $(S)/lib.sh && stage initramfs $(S)/make-initramfs.sh $(SERIES) $(PROFILE)

boot: kernel initramfs
	@. $(S)/lib.sh && stage boot $(S)/boot.sh $(SERIES) $(PROFILE)

checkpatch: tree
	@. $(S)/lib.sh && stage checkpatch $(S)/checkpatch.sh $(SERIES) $(PROFILE)

compile-touched: tree
	@. $(S)/lib.sh && stage compile-touched $(S)/compile-touched.sh $(SERIES)

# Each fix alone on the plain tree (allmodconfig objects: make report runs
# it, a cold make check has no time for it): 6.12.118, or the profile's
# (make fixes-alone PROFILE=v6.1). The tree stage extracts the tarball.
fixes-alone: deps
	@$(MAKE) --no-print-directory tree SERIES=fixes
	@. $(S)/lib.sh && stage fixes-alone $(S)/fixes-alone.sh $(PROFILE)

# The converted socket callbacks (getname: struct sockaddr_storage *; proto_ops
# and proto bind/connect/pre_connect: struct sockaddr_unsized *) have the new
# type in every implementation, and no caller hands getname a buffer smaller
# than struct sockaddr_storage (main series only; other series are not checked).
# Plain 6.12.118 (build/src) has exactly the overrun the usnic fix removes:
# the regression check of a fix whose hardware QEMU lacks.
check-prototypes: tree
ifeq ($(SERIES),main)
	@. $(S)/lib.sh && stage check-prototypes $(S)/check_prototypes.py $(BUILD)/$(SERIES)/linux
	@. $(S)/lib.sh && stage check-getname-buffers $(S)/check_getname_buffers.py $(BUILD)/$(SERIES)/linux
	@. $(S)/lib.sh && stage check-getname-buffers-base $(S)/check_getname_buffers.py $(BUILD)/src \
		tests/expect/getname-buffers.reasons tests/expect/getname-buffers.base
else
	@echo "check-prototypes: not checked for SERIES=$(SERIES)"
endif

# Every place of plain 6.12.118 where user space hands the kernel a socket
# address, or gets one back, beyond bind/connect/getname, has a row in
# tests/expect/surface.map saying what exercises it (issue 31).
surface: tree
	@. $(S)/lib.sh && stage surface $(S)/surface.py $(BUILD)/src tests/expect/surface.map

# The user ABI by layout (pahole) and the warning census, from one test file
# compiled with kbuild's flags in the baseline and the SERIES tree.
abi-layout:
	@. $(S)/lib.sh && stage abi-layout $(S)/abi-layout.sh none $(SERIES)

# Both test kernels, the other design (patches-legacy), the KMSAN kernel and
# the i386 kernels, then what only the report needs (scripts/report.sh:
# also compile-touched, fixes-alone and backport-build); docs/RESULTS.md is
# a copy of its result.
report: run baseline
	$(MAKE) run SERIES=legacy
	$(MAKE) kmsan
	$(MAKE) i386
	$(MAKE) arm64
	$(MAKE) cross
	@. $(S)/lib.sh && stage report $(S)/report.sh $(SERIES)

# The kmsan profile: KMSAN instead of KASAN, the whole guest suite and the
# fuzzer, with uninitialised bytes copied to user space or branched on as
# the finding. Slow (a cold build and a boot several times slower than the
# test kernel's): not in check; make report runs it.
kmsan: deps tree
	$(MAKE) run PROFILE=kmsan

# The i386 profile: the baseline, the fixes queue and the series as 32-bit
# kernels (gcc-12), the guest suite and the selftests built as 32-bit
# programs. On the baseline the team over an ip6tnl device takes two bytes
# of kernel stack into its address through SIOCSIFHWADDR and SIOCADDMULTI
# (tests/expect/none-i386.xfail); the fixes refuse both. Not in check (three
# more kernel builds); make report runs it.
i386: deps
	$(MAKE) run SERIES=none PROFILE=i386
	$(MAKE) run SERIES=fixes PROFILE=i386
	$(MAKE) run PROFILE=i386

# The arm64 profile: the baseline, the fixes queue and the series as arm64
# kernels (clang-19, KASAN, UBSAN bounds, FORTIFY_SOURCE), booted on QEMU's
# virt machine (config/machines/arm64.conf) with the guest suite and the
# selftests built as arm64 programs. Each queue's transcripts against the
# arm64 baseline's (the parts' intended differences, as on x86_64), and
# the baseline's and the series' against x86_64's: equal apart from the
# architecture's own differences, tests/expect/arm64.arch.diff (kept in
# none/arm64/arch and main/arm64/arch). Needs make run and make baseline;
# not in check (three kernel builds and boots); make report runs it.
ARCH_DIFF := $(CURDIR)/tests/expect/arm64.arch.diff
arm64: deps
	$(MAKE) run SERIES=none PROFILE=arm64
	$(MAKE) run SERIES=fixes PROFILE=arm64
	$(MAKE) run PROFILE=arm64
	$(MAKE) compare PROFILE=arm64
	$(MAKE) compare SERIES=fixes PROFILE=arm64
	@. $(S)/lib.sh && export EXPECT=$(ARCH_DIFF) && stage compare-arch \
		$(S)/compare-transcripts.sh none none/arm64 none/arm64/arch
	@. $(S)/lib.sh && export EXPECT=$(ARCH_DIFF) && stage compare-arch \
		$(S)/compare-transcripts.sh $(SERIES) $(SERIES)/arm64 $(SERIES)/arm64/arch

# The gcc12 profile (Debian's compiler): the touched files' warnings against
# the baseline's (allmodconfig objects in $(BUILD)/{none,SERIES}/allmod-gcc12),
# then the test kernel built with gcc-12 and booted with the whole suite;
# its transcripts must be the clang kernel's (needs make run).
gcc12: deps tree
	$(MAKE) tree SERIES=none
	@. $(S)/lib.sh && stage gcc-warnings $(S)/gcc-warnings.sh $(SERIES)
	$(MAKE) run PROFILE=gcc12
	@. $(S)/lib.sh && stage compare $(S)/compare-transcripts.sh $(SERIES) $(SERIES)/gcc12

# Debian's other kernel architectures (config/profiles/cross-*.conf:
# Debian 12's arm64, armhf, i386, ppc64el, s390x, mips64el, and riscv64,
# a release architecture from Debian 13; not armel and mipsel): the files the
# series touches compiled with Debian's gcc-12 cross compilers under each
# architecture's allmodconfig (config/cross/ARCH.config: Debian's
# endianness and word size), W=1, in the baseline's tree and the series':
# no error, no warning the baseline lacks (scripts/gcc-warnings.sh, per
# file). Not in check (two allmodconfig folders per architecture); make
# report runs it.
CROSS_PROFILES := $(sort $(basename $(notdir $(wildcard config/profiles/cross-*.conf))))
cross: deps tree
	$(MAKE) tree SERIES=none
	@# (stage ... || exit: each stage is a script with its own set -eu, so
	@# the "||" does not switch off set -e inside it; see stage in lib.sh)
	@. $(S)/lib.sh && for p in $(CROSS_PROFILES); do \
		stage deps-$$p $(S)/deps.sh $$p || exit 1; \
		stage $$p $(S)/gcc-warnings.sh $(SERIES) $$p || exit 1; \
	done

# Later upstream backports build on the series: tests/backport/*.patch (code
# that calls part B's interfaces as upstream's callers do) compiled with
# clang-19 and gcc-12, W=1, WERROR, in a scratch worktree of the series' tree.
backport-build: deps tree
	@. $(S)/lib.sh && stage backport-build $(S)/backport-build.sh $(SERIES)

# Every prefix of the series builds (slow; run by hand before closing an issue).
bisect-build: deps
	@. $(S)/lib.sh && stage bisect-build $(S)/bisect-build.sh $(SERIES)

parse:
	@. $(S)/lib.sh && stage parse $(S)/parse.sh $(SERIES) $(PROFILE)

# The differential proof: what user space saw on the baseline (none) and on
# SERIES, line for line (reads the transcripts of the last two boots), and
# the kernel's own selftests' results, case by case.
# A run's folder under BUILD: SERIES for the test profile, SERIES/PROFILE
# for another (make compare SERIES=fixes PROFILE=v6.1: none/v6.1, fixes/v6.1).
run_dir = $(if $(filter test,$(PROFILE)),$(1),$(1)/$(PROFILE))

compare:
	@. $(S)/lib.sh && stage compare $(S)/compare-transcripts.sh $(call run_dir,none) $(call run_dir,$(SERIES))
	@. $(S)/lib.sh && stage compare-selftests $(S)/compare_selftests.py $(call run_dir,none) $(call run_dir,$(SERIES))

# Debian's way (scripts/distro-*.sh, tests/distro/, config/distro/): the
# baseline and SERIES as Debian kernel packages booting Debian 12 (the
# distro profile), in $(BUILD)/{none,SERIES}/distro; the Debian base image
# and the comparison's summary in $(BUILD)/distro. Each build stage is
# skipped when its inputs are unchanged;
# the boots and the comparison always run.
deps-distro:
	@. $(S)/lib.sh && stage deps-distro $(S)/deps.sh distro

distro: deps-distro
	$(MAKE) tree SERIES=none
	$(MAKE) tree
	@. $(S)/lib.sh && stage distro-base $(S)/distro-base.sh
	@. $(S)/lib.sh && stage distro-kernel $(S)/distro-kernel.sh none
	@. $(S)/lib.sh && stage distro-kernel $(S)/distro-kernel.sh $(SERIES)
	@. $(S)/lib.sh && stage distro-image $(S)/distro-image.sh none
	@. $(S)/lib.sh && stage distro-image $(S)/distro-image.sh $(SERIES)
	@. $(S)/lib.sh && stage distro-boot $(S)/distro-boot.sh none
	@. $(S)/lib.sh && stage distro-boot $(S)/distro-boot.sh $(SERIES)
	@. $(S)/lib.sh && stage distro-compare $(S)/distro-compare.sh none $(SERIES)

# What a distribution pays for each part (scripts/distro-cost.sh): the
# kernels of make distro (Debian's config reduced to the QEMU guest,
# gcc-12, bindeb-pkg; scripts/distro-kernel.sh, each skipped when its inputs
# are unchanged) for the baseline and the queues fixes (A), without-c
# (A+B) and main (A+B+C); their Module.symvers compared (the exported
# symbols whose CRC changes), and Debian 12's DKMS packages
# (config/distro/dkms.list) built against each with dkms, into
# $(BUILD)/distro/cost: the results must be tests/expect/distro-cost.expected,
# which does not exist before its first run (the script fails, saying so).
# Not in check (four Debian kernel builds), nor yet in report.
COST_QUEUES := none fixes without-c main
distro-cost: deps-distro
	@for s in $(COST_QUEUES); do $(MAKE) --no-print-directory tree SERIES=$$s || exit 1; done
	@. $(S)/lib.sh && for s in $(COST_QUEUES); do \
		stage distro-kernel $(S)/distro-kernel.sh $$s || exit 1; \
	done
	@. $(S)/lib.sh && stage distro-cost $(S)/distro-cost.sh $(COST_QUEUES)

clean:
	rm -rf $(BUILD)/*/obj $(BUILD)/*/initramfs* $(BUILD)/*/console.log \
		$(BUILD)/*/*/obj $(BUILD)/*/*/initramfs* $(BUILD)/*/*/console.log

distclean:
	rm -rf $(BUILD)
