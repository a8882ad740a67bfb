// SPDX-License-Identifier: GPL-2.0
/*
 * cmsg.c as a program of the profile's 32-bit compat ABI
 * (scripts/make-initramfs.sh builds NAME_compat programs with the
 * compiler lib.sh guest_compat_cross names: i686 on x86_64), so that the
 * control messages go through put_cmsg_compat(): 12-byte headers on a
 * 4-byte alignment, which the program's own CMSG_* macros follow.
 */
#include "cmsg.c"
