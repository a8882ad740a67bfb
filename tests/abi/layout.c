// SPDX-License-Identifier: GPL-2.0
/*
 * Every header that declares or embeds struct sockaddr, sockaddr_storage or
 * a family's address, compiled with the kernel's own flags (scripts/
 * abi-layout.sh) for the baseline and the patched tree. pahole reads the
 * layouts from the debug info (-fno-eliminate-unused-debug-types emits every
 * type declared here, used or not); the census counts the warnings of
 * -Wgnu-variable-sized-type-not-at-end that involve struct sockaddr.
 */
#include <linux/socket.h>
#include <linux/compat.h>
#include <net/compat.h>
#include <uapi/linux/atalk.h>
#include <uapi/linux/atm.h>
#include <uapi/linux/atm_tcp.h>
#include <uapi/linux/atmsvc.h>
#include <uapi/linux/ax25.h>
#include <uapi/linux/can.h>
#include <uapi/linux/errqueue.h>
#include <uapi/linux/if.h>
#include <uapi/linux/if_alg.h>
#include <uapi/linux/if_arp.h>
#include <uapi/linux/if_packet.h>
#include <uapi/linux/if_pppol2tp.h>
#include <uapi/linux/if_pppox.h>
#include <uapi/linux/if_xdp.h>
#include <uapi/linux/in.h>
#include <uapi/linux/in6.h>
#include <uapi/linux/ipv6.h>
#include <uapi/linux/l2tp.h>
#include <uapi/linux/llc.h>
#include <uapi/linux/mctp.h>
#include <uapi/linux/mptcp.h>
#include <uapi/linux/mroute6.h>
#include <uapi/linux/netlink.h>
#include <uapi/linux/nfc.h>
#include <uapi/linux/phonet.h>
#include <uapi/linux/qrtr.h>
#include <uapi/linux/rds.h>
#include <uapi/linux/rose.h>
#include <uapi/linux/route.h>
#include <uapi/linux/rxrpc.h>
#include <uapi/linux/sctp.h>
#include <uapi/linux/tcp.h>
#include <uapi/linux/tipc.h>
#include <uapi/linux/un.h>
#include <uapi/linux/vm_sockets.h>
#include <uapi/linux/wireguard.h>
#include <uapi/linux/wireless.h>
#include <uapi/linux/x25.h>

int abi_layout_anchor;
