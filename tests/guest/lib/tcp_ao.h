/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The TCP-AO socket options of Linux 6.7 and later (include/uapi/linux/
 * tcp.h of 6.12.118), which Debian 12's headers (Linux 6.1) predate. The
 * structs have one layout for 32- and 64-bit programs (aligned(8), no
 * implicit padding before a __u64): the sizes are asserted below for
 * both. A kernel without CONFIG_TCP_AO (6.1, a 32-bit kernel: TCP_AO
 * depends on 64BIT) answers these options with -ENOPROTOOPT.
 */
#ifndef GUEST_TCP_AO_H
#define GUEST_TCP_AO_H

#include <linux/types.h>
#include <sys/socket.h>

#ifndef TCP_AO_ADD_KEY
#define TCP_AO_ADD_KEY		38
#define TCP_AO_DEL_KEY		39
#define TCP_AO_INFO		40
#define TCP_AO_GET_KEYS		41
#define TCP_AO_REPAIR		42
#define TCP_AO_MAXKEYLEN	80
#define TCP_AO_KEYF_IFINDEX	(1 << 0)

struct tcp_ao_add {
	struct sockaddr_storage addr;
	char alg_name[64];
	__s32 ifindex;
	__u32 set_current:1, set_rnext:1, reserved:30;
	__u16 reserved2;
	__u8 prefix;
	__u8 sndid;
	__u8 rcvid;
	__u8 maclen;
	__u8 keyflags;
	__u8 keylen;
	__u8 key[TCP_AO_MAXKEYLEN];
} __attribute__((aligned(8)));

struct tcp_ao_del {
	struct sockaddr_storage addr;
	__s32 ifindex;
	__u32 set_current:1, set_rnext:1, del_async:1, reserved:29;
	__u16 reserved2;
	__u8 prefix;
	__u8 sndid;
	__u8 rcvid;
	__u8 current_key;
	__u8 rnext;
	__u8 keyflags;
} __attribute__((aligned(8)));

struct tcp_ao_info_opt {
	__u32 set_current:1, set_rnext:1, ao_required:1, set_counters:1,
	      accept_icmps:1, reserved:27;
	__u16 reserved2;
	__u8 current_key;
	__u8 rnext;
	__u64 pkt_good;
	__u64 pkt_bad;
	__u64 pkt_key_not_found;
	__u64 pkt_ao_required;
	__u64 pkt_dropped_icmp;
} __attribute__((aligned(8)));

struct tcp_ao_getsockopt {
	struct sockaddr_storage addr;
	char alg_name[64];
	__u8 key[TCP_AO_MAXKEYLEN];
	__u32 nkeys;
	__u16 is_current:1, is_rnext:1, get_all:1, reserved:13;
	__u8 sndid;
	__u8 rcvid;
	__u8 prefix;
	__u8 maclen;
	__u8 keyflags;
	__u8 keylen;
	__s32 ifindex;
	__u64 pkt_good;
	__u64 pkt_bad;
} __attribute__((aligned(8)));
#endif

_Static_assert(sizeof(struct tcp_ao_add) == 288, "struct tcp_ao_add");
_Static_assert(sizeof(struct tcp_ao_del) == 144, "struct tcp_ao_del");
_Static_assert(sizeof(struct tcp_ao_info_opt) == 48, "struct tcp_ao_info_opt");
_Static_assert(sizeof(struct tcp_ao_getsockopt) == 304, "struct tcp_ao_getsockopt");
_Static_assert(__builtin_offsetof(struct tcp_ao_getsockopt, nkeys) == 272,
	       "tcp_ao_getsockopt.nkeys");

#endif
