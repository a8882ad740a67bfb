// SPDX-License-Identifier: GPL-2.0
/*
 * sockopt.c as a program of the profile's 32-bit compat ABI
 * (scripts/make-initramfs.sh builds NAME_compat programs with the
 * compiler lib.sh guest_compat_cross names: i686 on x86_64), so that the
 * options go through the kernel's compat paths: the group and filter
 * structs of a 32-bit task (struct compat_group_req and the others) and
 * SCTP's structs, whose address a 32-bit task may lay out elsewhere.
 */
#define SOCKOPT_COMPAT
#include "sockopt.c"
