// SPDX-License-Identifier: GPL-2.0
/*
 * The Bluetooth socket families, one lib/family.h row each: HCI (the raw
 * channel bound to a virtual controller made through /dev/vhci), L2CAP
 * (a BR/EDR PSM on every socket type, the LE ATT fixed channel, an LE
 * credit-based PSM), SCO, ISO (CIS and broadcast addresses) and RFCOMM.
 * The engine runs bind, connect and getsockname/getpeername at its lengths
 * on every row; bt_listen_connect adds listen() and a non-blocking accept()
 * on a bound socket and a non-blocking connect() to a peer that does not
 * exist (there is no Bluetooth loopback, and the vhci controller never comes
 * up: nothing answers its HCI commands), then the names of that socket at
 * every buffer length. hci_channels covers the HCI channels without a
 * device (raw, monitor, control, logging), whose getsockname() fails;
 * hci_bind_one_byte records that the HCI raw channel takes a one-byte
 * address (the family read zero-extended) and binds to hci0.
 *
 * What holds on every kernel (lengths, the errno of the checks made before
 * any routing, nothing written past a buffer) is asserted; the bytes of
 * every address go to the transcript. The controller index is masked: the
 * ids of the controllers of earlier tests may still be held.
 */
#define _GNU_SOURCE
#include <endian.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

/* No row here has peers of its own: bt_listen_connect is their test. */
#define FAMILY_NO_PEERS
#include "lib/family.h"

/*
 * The Bluetooth UAPI is not in /usr/include (no libbluetooth-dev): these are
 * copied from include/net/bluetooth/{bluetooth,hci,hci_sock,l2cap,sco,iso,
 * rfcomm,mgmt}.h of the kernel tree, __packed where the kernel has it.
 */
#ifndef AF_BLUETOOTH
#define AF_BLUETOOTH	31
#endif
#define BTPROTO_L2CAP	0
#define BTPROTO_HCI	1
#define BTPROTO_SCO	2
#define BTPROTO_RFCOMM	3
#define BTPROTO_ISO	8

#define BDADDR_BREDR		0x00
#define BDADDR_LE_PUBLIC	0x01

typedef struct {
	uint8_t b[6];
} __attribute__((packed)) bdaddr_t;

struct sockaddr_hci {
	sa_family_t	hci_family;
	unsigned short	hci_dev;
	unsigned short	hci_channel;
};
#define HCI_DEV_NONE		0xffff
#define HCI_CHANNEL_RAW		0
#define HCI_CHANNEL_MONITOR	2
#define HCI_CHANNEL_CONTROL	3
#define HCI_CHANNEL_LOGGING	4

struct sockaddr_l2 {
	sa_family_t	l2_family;
	uint16_t	l2_psm;		/* __le16 */
	bdaddr_t	l2_bdaddr;
	uint16_t	l2_cid;		/* __le16 */
	uint8_t		l2_bdaddr_type;
};
#define L2CAP_CID_ATT	0x0004

struct sockaddr_sco {
	sa_family_t	sco_family;
	bdaddr_t	sco_bdaddr;
};

#define ISO_MAX_NUM_BIS	0x1f
struct sockaddr_iso_bc {
	bdaddr_t	bc_bdaddr;
	uint8_t		bc_bdaddr_type;
	uint8_t		bc_sid;
	uint8_t		bc_num_bis;
	uint8_t		bc_bis[ISO_MAX_NUM_BIS];
};

struct sockaddr_iso {
	sa_family_t	iso_family;
	bdaddr_t	iso_bdaddr;
	uint8_t		iso_bdaddr_type;
	struct sockaddr_iso_bc iso_bc[];
};

struct sockaddr_rc {
	sa_family_t	rc_family;
	bdaddr_t	rc_bdaddr;
	uint8_t		rc_channel;
};

/* mgmt (HCI_CHANNEL_CONTROL) */
struct mgmt_hdr {
	uint16_t opcode;	/* __le16 */
	uint16_t index;
	uint16_t len;
} __attribute__((packed));
#define MGMT_OP_SET_EXP_FEATURE		0x004a
#define MGMT_EV_CMD_COMPLETE		0x0001
#define MGMT_EV_CMD_STATUS		0x0002
#define MGMT_INDEX_NONE			0xffff

/* 6fbaf188-05e0-496a-9885-d6ddfdb4e03e, little endian as mgmt.c has it */
static const uint8_t iso_socket_uuid[16] = {
	0x3e, 0xe0, 0xb4, 0xfd, 0xdd, 0xd6, 0x85, 0x98,
	0x6a, 0x49, 0xe0, 0x05, 0x88, 0xf1, 0xba, 0x6f,
};

_Static_assert(sizeof(struct sockaddr_hci) == 6, "sockaddr_hci");
_Static_assert(sizeof(struct sockaddr_l2) == 14, "sockaddr_l2");
_Static_assert(sizeof(struct sockaddr_sco) == 8, "sockaddr_sco");
_Static_assert(sizeof(struct sockaddr_iso) == 10, "sockaddr_iso");
_Static_assert(sizeof(struct sockaddr_iso_bc) == 40, "sockaddr_iso_bc");
_Static_assert(sizeof(struct sockaddr_rc) == 10, "sockaddr_rc");

/* A peer nobody answers for (00:11:22:33:44:55, stored little endian). */
static const bdaddr_t no_peer = { { 0x55, 0x44, 0x33, 0x22, 0x11, 0x00 } };

/* Row flags of this file, above the engine's (lib/family.h ignores them). */
#define BT_LISTEN	0x1000	/* bind, listen(), non-blocking accept() */
#define BT_CONNECT	0x2000	/* non-blocking connect() to address 1: nobody there */

/* --- /dev/vhci ---------------------------------------------------------- */

#define VHCI_PATH	"/dev/vhci"
#define VHCI_MINOR	137	/* include/linux/miscdevice.h */

static int vhci_fd = -1;	/* the row's controller, open until the test exits */
static int vhci_index = -1;	/* its hciN */

/*
 * Open /dev/vhci and create a controller: the vendor packet {0xff, opcode}
 * (HCI_VENDOR_PKT; opcode 0x00: HCI_PRIMARY) answers with {0xff, opcode,
 * index (le16)}. Returns the fd and stores the index, or -errno.
 */
static int vhci_create(unsigned char opcode, int *index)
{
	unsigned char req[2] = { 0xff, opcode }, rsp[4];
	struct pollfd p;
	int fd, err;

	fd = open(VHCI_PATH, O_RDWR | O_CLOEXEC);
	if (fd < 0 && errno == ENOENT) {
		/* devtmpfs is mounted on /dev by init; make the node if it lacks it */
		if (mknod(VHCI_PATH, S_IFCHR | 0600, makedev(10, VHCI_MINOR)) && errno != EEXIST)
			return -errno;
		fd = open(VHCI_PATH, O_RDWR | O_CLOEXEC);
	}
	if (fd < 0)
		return -errno;
	errno = 0;
	if (write(fd, req, sizeof(req)) != sizeof(req))
		goto fail;
	p.fd = fd;
	p.events = POLLIN;
	if (poll(&p, 1, 5000) != 1) {
		errno = ETIMEDOUT;
		goto fail;
	}
	if (read(fd, rsp, sizeof(rsp)) != sizeof(rsp))
		goto fail;
	if (rsp[0] != 0xff || rsp[1] != opcode) {
		errno = EPROTO;
		goto fail;
	}
	*index = rsp[2] | rsp[3] << 8;
	return fd;
fail:
	err = errno ? errno : EIO;
	close(fd);
	return -err;
}

/*
 * The row's controller. bind() on the HCI raw channel reads the family from
 * a one-byte address (hci_sock_bind() copies min(len, 6) bytes into a
 * zeroed sockaddr_hci, and 0x1f zero-extended is AF_BLUETOOTH), and then
 * binds to hci0: the engine's "lengths 0 and 1 fail" holds only while there
 * is no hci0. So a first controller takes the lowest free index and is
 * removed again once a second one exists; the row binds to the second.
 * (hci_bind_one_byte records the one-byte bind with hci0 present.)
 */
static int vhci_prepare(void)
{
	int first, index0;

	first = vhci_create(0x00, &index0);
	if (first < 0)
		return first;
	vhci_fd = vhci_create(0x00, &vhci_index);
	close(first);
	if (vhci_fd < 0)
		return vhci_fd;
	return 0;
}

/*
 * BTPROTO_ISO is registered only once mgmt's experimental "ISO socket"
 * feature is set (MGMT_OP_SET_EXP_FEATURE on the control channel); it then
 * stays registered for the rest of the boot.
 */
static int iso_enable(void)
{
	struct sockaddr_hci a = { AF_BLUETOOTH, HCI_DEV_NONE, HCI_CHANNEL_CONTROL };
	unsigned char buf[512];
	struct mgmt_hdr *h = (void *)buf;
	struct pollfd p;
	int fd, n, ret = -EPROTONOSUPPORT;

	fd = socket(AF_BLUETOOTH, SOCK_RAW | SOCK_CLOEXEC, BTPROTO_HCI);
	if (fd < 0)
		return -errno;
	if (bind(fd, (struct sockaddr *)&a, sizeof(a))) {
		ret = -errno;
		goto out;
	}
	h->opcode = htole16(MGMT_OP_SET_EXP_FEATURE);
	h->index = htole16(MGMT_INDEX_NONE);
	h->len = htole16(sizeof(iso_socket_uuid) + 1);
	memcpy(buf + sizeof(*h), iso_socket_uuid, sizeof(iso_socket_uuid));
	buf[sizeof(*h) + sizeof(iso_socket_uuid)] = 1;
	if (write(fd, buf, sizeof(*h) + sizeof(iso_socket_uuid) + 1) < 0) {
		ret = -errno;
		goto out;
	}
	/* the reply: Command Complete/Status {opcode le16, status u8, ...} */
	p.fd = fd;
	p.events = POLLIN;
	while (poll(&p, 1, 5000) == 1) {
		n = read(fd, buf, sizeof(buf));
		if (n < (int)sizeof(*h) + 3)
			break;
		if ((le16toh(h->opcode) != MGMT_EV_CMD_COMPLETE &&
		     le16toh(h->opcode) != MGMT_EV_CMD_STATUS) ||
		    (buf[6] | buf[7] << 8) != MGMT_OP_SET_EXP_FEATURE)
			continue;
		ret = buf[8] ? -EPROTONOSUPPORT : 0;
		break;
	}
out:
	close(fd);
	return ret;
}

/* --- HCI --------------------------------------------------------------- */

static socklen_t hci_addr(struct sockaddr_storage *ss, unsigned short dev, unsigned short chan)
{
	struct sockaddr_hci *h = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	h->hci_family = AF_BLUETOOTH;
	h->hci_dev = dev;
	h->hci_channel = chan;
	return sizeof(*h);
}

static socklen_t hci_raw_vhci(struct sockaddr_storage *ss, int n)
{
	return hci_addr(ss, vhci_index, HCI_CHANNEL_RAW);
}

/* hci_dev: which index the controller got depends on the tests before */
#define HCI_DEV_MASK { 2, 2 }

FAMILY_ROW(hci_raw_vhci, .domain = AF_BLUETOOTH, .type = SOCK_RAW, .protocol = BTPROTO_HCI,
	   .prepare = vhci_prepare, .address = hci_raw_vhci,
	   .flags = BT_LISTEN | BT_CONNECT, .name_mask = HCI_DEV_MASK);

/* --- L2CAP ------------------------------------------------------------- */

static socklen_t l2_addr(struct sockaddr_storage *ss, int n, uint16_t psm, uint16_t cid,
			 uint8_t type)
{
	struct sockaddr_l2 *l2 = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	l2->l2_family = AF_BLUETOOTH;
	l2->l2_psm = htole16(psm);
	l2->l2_cid = htole16(cid);
	l2->l2_bdaddr_type = type;
	if (n)
		l2->l2_bdaddr = no_peer;
	return sizeof(*l2);
}

/* BR/EDR dynamic PSMs (odd, 0x1001 and up), one per socket type */
static socklen_t l2_seqpacket(struct sockaddr_storage *ss, int n)
{
	return l2_addr(ss, n, 0x1001, 0, BDADDR_BREDR);
}

static socklen_t l2_stream(struct sockaddr_storage *ss, int n)
{
	return l2_addr(ss, n, 0x1003, 0, BDADDR_BREDR);
}

static socklen_t l2_dgram(struct sockaddr_storage *ss, int n)
{
	return l2_addr(ss, n, 0x1005, 0, BDADDR_BREDR);
}

static socklen_t l2_raw(struct sockaddr_storage *ss, int n)
{
	return l2_addr(ss, n, 0x1007, 0, BDADDR_BREDR);
}

/* LE: the ATT fixed channel (the only CID user space may bind) ... */
static socklen_t l2_le_att(struct sockaddr_storage *ss, int n)
{
	return l2_addr(ss, n, 0, L2CAP_CID_ATT, BDADDR_LE_PUBLIC);
}

/* ... and an LE credit-based PSM (dynamic range 0x80-0xff) */
static socklen_t l2_le_psm(struct sockaddr_storage *ss, int n)
{
	return l2_addr(ss, n, 0x0081, 0, BDADDR_LE_PUBLIC);
}

FAMILY_ROW(l2cap_seqpacket, .domain = AF_BLUETOOTH, .type = SOCK_SEQPACKET,
	   .protocol = BTPROTO_L2CAP, .address = l2_seqpacket, .flags = BT_LISTEN | BT_CONNECT);
FAMILY_ROW(l2cap_stream, .domain = AF_BLUETOOTH, .type = SOCK_STREAM,
	   .protocol = BTPROTO_L2CAP, .address = l2_stream, .flags = BT_LISTEN | BT_CONNECT);
FAMILY_ROW(l2cap_dgram, .domain = AF_BLUETOOTH, .type = SOCK_DGRAM,
	   .protocol = BTPROTO_L2CAP, .address = l2_dgram, .flags = BT_LISTEN | BT_CONNECT);
FAMILY_ROW(l2cap_raw, .domain = AF_BLUETOOTH, .type = SOCK_RAW,
	   .protocol = BTPROTO_L2CAP, .address = l2_raw, .flags = BT_LISTEN | BT_CONNECT);
FAMILY_ROW(l2cap_le_att, .domain = AF_BLUETOOTH, .type = SOCK_SEQPACKET,
	   .protocol = BTPROTO_L2CAP, .address = l2_le_att, .flags = BT_LISTEN | BT_CONNECT);
FAMILY_ROW(l2cap_le_psm, .domain = AF_BLUETOOTH, .type = SOCK_SEQPACKET,
	   .protocol = BTPROTO_L2CAP, .address = l2_le_psm, .flags = BT_LISTEN | BT_CONNECT);

/* --- SCO --------------------------------------------------------------- */

static socklen_t sco_addr(struct sockaddr_storage *ss, int n)
{
	struct sockaddr_sco *sco = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	sco->sco_family = AF_BLUETOOTH;
	if (n)
		sco->sco_bdaddr = no_peer;
	return sizeof(*sco);
}

FAMILY_ROW(sco_seqpacket, .domain = AF_BLUETOOTH, .type = SOCK_SEQPACKET,
	   .protocol = BTPROTO_SCO, .address = sco_addr, .flags = BT_LISTEN | BT_CONNECT);

/* --- ISO --------------------------------------------------------------- */

/* A CIS address: an LE address, nothing else. */
static socklen_t iso_cis(struct sockaddr_storage *ss, int n)
{
	struct sockaddr_iso *iso = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	iso->iso_family = AF_BLUETOOTH;
	iso->iso_bdaddr_type = BDADDR_LE_PUBLIC;
	if (n)
		iso->iso_bdaddr = no_peer;
	return sizeof(*iso);
}

/* A broadcast address: bind() takes exactly one sockaddr_iso_bc after it. */
static socklen_t iso_bcast(struct sockaddr_storage *ss, int n)
{
	struct sockaddr_iso *iso = (void *)ss;

	iso_cis(ss, 0);
	iso->iso_bc[0].bc_bdaddr = no_peer;
	iso->iso_bc[0].bc_bdaddr_type = BDADDR_LE_PUBLIC;
	iso->iso_bc[0].bc_sid = 1 + n;
	iso->iso_bc[0].bc_num_bis = 1;
	iso->iso_bc[0].bc_bis[0] = 1;
	return sizeof(*iso) + sizeof(iso->iso_bc[0]);
}

FAMILY_ROW(iso_cis, .domain = AF_BLUETOOTH, .type = SOCK_SEQPACKET, .protocol = BTPROTO_ISO,
	   .prepare = iso_enable, .address = iso_cis, .flags = BT_LISTEN | BT_CONNECT);
FAMILY_ROW(iso_bcast, .domain = AF_BLUETOOTH, .type = SOCK_SEQPACKET, .protocol = BTPROTO_ISO,
	   .prepare = iso_enable, .address = iso_bcast, .name_len = sizeof(struct sockaddr_iso),
	   .flags = BT_LISTEN | BT_CONNECT);

/* --- RFCOMM ------------------------------------------------------------ */

static socklen_t rc_addr(struct sockaddr_storage *ss, int n)
{
	struct sockaddr_rc *rc = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	rc->rc_family = AF_BLUETOOTH;
	rc->rc_channel = 7;
	if (n)
		rc->rc_bdaddr = no_peer;
	return sizeof(*rc);
}

FAMILY_ROW(rfcomm_stream, .domain = AF_BLUETOOTH, .type = SOCK_STREAM,
	   .protocol = BTPROTO_RFCOMM, .address = rc_addr, .flags = BT_LISTEN | BT_CONNECT);

/* --- listen, accept and connect without a peer ------------------------- */

/*
 * Listen on address 0 and accept() without blocking; connect a new
 * non-blocking socket to address 1, where nobody answers, then read its
 * names at every buffer length and connect it again. HCI sockets have no
 * listen, accept or connect (sock_no_*); every other row listens except
 * the connectionless ones, and no connect() can complete.
 */
TEST_F(family, bt_listen_connect)
{
	const bool hci = variant->protocol == BTPROTO_HCI && variant->type == SOCK_RAW;
	struct sockaddr_storage ss;
	unsigned char buf[SS_LEN + 8];
	socklen_t len, n;
	int fd, ret, err, listening;

	/* Every row here listens or connects: a row that does neither is a mistake. */
	ASSERT_NE(0, variant->flags & (BT_LISTEN | BT_CONNECT))
		TH_LOG("%s: neither BT_LISTEN nor BT_CONNECT", variant->id);

	if (variant->flags & BT_LISTEN) {
		fd = family_socket(variant, SOCK_NONBLOCK);
		ASSERT_LE(0, fd);
		len = variant->address(&ss, 0);
		ASSERT_EQ(0, bind(fd, (struct sockaddr *)&ss, len)) TH_LOG("bind: %s",
									  strerror(errno));
		listening = listen(fd, 4);
		err = errno;
		tr_line("listen -> %s", tr_ret(listening, err));
		if (hci)
			EXPECT_EQ(EOPNOTSUPP, listening ? err : 0);
		n = SS_LEN;
		memset(buf, MARK, sizeof(buf));
		ret = accept4(fd, (struct sockaddr *)buf, &n, SOCK_NONBLOCK | SOCK_CLOEXEC);
		err = errno;
		check_name(_metadata, "accept", ret, err, buf, SS_LEN, n, 0, NULL,
			   variant->peer_mask);
		EXPECT_EQ(-1, ret);
		if (ret >= 0)
			close(ret);
		if (ret < 0 && hci)
			EXPECT_EQ(EOPNOTSUPP, err);
		if (ret < 0 && !listening)
			EXPECT_EQ(EAGAIN, err);
		names_of(_metadata, "getsockname listener", getsockname, fd, 0,
			 variant->name_mask);
		names_of(_metadata, "getpeername listener", getpeername, fd, 0,
			 variant->name_mask);
		close(fd);
	}

	if (variant->flags & BT_CONNECT) {
		fd = family_socket(variant, SOCK_NONBLOCK);
		ASSERT_LE(0, fd);
		len = variant->address(&ss, 1);
		ret = connect(fd, (struct sockaddr *)&ss, len);
		err = errno;
		tr_line("connect no peer len=%u -> %s", len, tr_ret(ret, err));
		/* the family took the address; no controller is up to route it */
		EXPECT_EQ(-1, ret);
		EXPECT_EQ(hci ? EOPNOTSUPP : EHOSTUNREACH, err);
		names_of(_metadata, "getsockname after connect", getsockname, fd, 0,
			 variant->name_mask);
		names_of(_metadata, "getpeername after connect", getpeername, fd, 0,
			 variant->name_mask);
		ret = connect(fd, (struct sockaddr *)&ss, len);
		tr_line("connect again -> %s", tr_ret(ret, errno));
		EXPECT_EQ(-1, ret);
		close(fd);
	}
}

/* --- HCI: the channels without a device -------------------------------- */

/*
 * The raw channel without a device and the monitor, control and logging
 * channels (all HCI_DEV_NONE) bind, but getsockname() has no device to
 * report (EBADFD); they are tested here, not as rows. No controller
 * exists in this test, so the short addresses that read as hci0,
 * channel 0, fail with ENODEV.
 */
TEST(hci_channels)
{
	static const struct {
		const char *name;
		unsigned short chan;
	} chans[] = {
		{ "raw_none", HCI_CHANNEL_RAW },
		{ "monitor", HCI_CHANNEL_MONITOR },
		{ "control", HCI_CHANNEL_CONTROL },
		{ "logging", HCI_CHANNEL_LOGGING },
	};
	const socklen_t lens[] = { 0, 1, 2, 5, 6, 7, 128, 129, 1 << 20, (socklen_t)-1 };
	unsigned char name[SS_LEN];
	struct sockaddr_storage ss;
	socklen_t n;
	size_t c, i;
	int fd, ret, err;

	for (c = 0; c < sizeof(chans) / sizeof(chans[0]); c++) {
		tr_begin("hci_%s", chans[c].name);
		hci_addr(&ss, HCI_DEV_NONE, chans[c].chan);
		for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
			fd = socket(AF_BLUETOOTH, SOCK_RAW | SOCK_CLOEXEC, BTPROTO_HCI);
			ASSERT_LE(0, fd) TH_LOG("socket: %s", strerror(errno));
			ret = bind(fd, (struct sockaddr *)&ss, lens[i]);
			err = errno;
			tr_line("bind len=%d -> %s", (int)lens[i], tr_ret(ret, err));
			if ((int)lens[i] < 0 || lens[i] > SS_LEN || lens[i] == 0) {
				EXPECT_EQ(EINVAL, ret ? err : 0) TH_LOG("len=%d", (int)lens[i]);
			} else if (lens[i] < 5) {
				/* hci0, channel 0: there is no hci0 */
				EXPECT_EQ(ENODEV, ret ? err : 0) TH_LOG("len=%d", (int)lens[i]);
			} else {
				EXPECT_EQ(0, ret) TH_LOG("len=%d: %s", (int)lens[i], strerror(err));
			}
			if (lens[i] == sizeof(struct sockaddr_hci)) {
				names_of(_metadata, "getsockname", getsockname, fd, 0,
					 (struct mask){ 0, 0 });
				names_of(_metadata, "getpeername", getpeername, fd, 0,
					 (struct mask){ 0, 0 });
				n = SS_LEN;
				ret = getsockname(fd, (struct sockaddr *)name, &n);
				EXPECT_EQ(EBADFD, ret ? errno : 0);
				n = SS_LEN;
				ret = getpeername(fd, (struct sockaddr *)name, &n);
				EXPECT_EQ(EOPNOTSUPP, ret ? errno : 0);
				ret = listen(fd, 1);
				err = errno;
				tr_line("listen -> %s", tr_ret(ret, err));
				EXPECT_EQ(EOPNOTSUPP, ret ? err : 0);
				ret = connect(fd, (struct sockaddr *)&ss, sizeof(ss));
				err = errno;
				tr_line("connect -> %s", tr_ret(ret, err));
				EXPECT_EQ(EOPNOTSUPP, ret ? err : 0);
			}
			close(fd);
		}
	}
}

/* --- HCI: a one-byte address --------------------------------------------- */

/*
 * With hci0 present, bind() of the one byte 0x1f (the low byte of
 * AF_BLUETOOTH) binds a raw HCI socket to hci0, channel 0: hci_sock_bind()
 * checks no minimum length. Recorded, and held equal to what the full
 * address {AF_BLUETOOTH, 0, HCI_CHANNEL_RAW} does; lengths 0 and 2..5 on
 * the way.
 */
TEST(hci_bind_one_byte)
{
	struct sockaddr_storage ss;
	unsigned char name[SS_LEN + 8];
	int vfd = -1, index = -1, tries, fd, ret, err, full_ret, full_err;
	char what[64];
	socklen_t len, n;

	tr_begin("hci_bind_one_byte");
	/* hci0 may still be held for a moment by the controllers of earlier tests */
	for (tries = 0; tries < 50; tries++) {
		vfd = vhci_create(0x00, &index);
		if (vfd < 0)
			SKIP(return, "vhci: %s", strerror(-vfd));
		if (index == 0)
			break;
		close(vfd);
		vfd = -1;
		usleep(100000);
	}
	if (vfd < 0)
		SKIP(return, "no controller got index 0");

	hci_addr(&ss, 0, HCI_CHANNEL_RAW);
	fd = socket(AF_BLUETOOTH, SOCK_RAW | SOCK_CLOEXEC, BTPROTO_HCI);
	ASSERT_LE(0, fd);
	full_ret = bind(fd, (struct sockaddr *)&ss, sizeof(struct sockaddr_hci));
	full_err = errno;
	tr_line("bind dev=0 len=6 -> %s", tr_ret(full_ret, full_err));
	close(fd);

	for (len = 0; len < sizeof(struct sockaddr_hci); len++) {
		fd = socket(AF_BLUETOOTH, SOCK_RAW | SOCK_CLOEXEC, BTPROTO_HCI);
		ASSERT_LE(0, fd);
		ret = bind(fd, (struct sockaddr *)&ss, len);
		err = errno;
		snprintf(what, sizeof(what), "bind dev=0 len=%u", len);
		if (ret == 0) {
			n = SS_LEN;
			memset(name, MARK, sizeof(name));
			ret = getsockname(fd, (struct sockaddr *)name, &n);
			tr_addr(what, ret, errno, name, SS_LEN, n, (struct mask){ 0, 0 });
			EXPECT_EQ(0, ret);
			EXPECT_EQ(sizeof(struct sockaddr_hci), n);
			ret = 0;
		} else {
			tr_line("%s -> %s", what, tr_ret(ret, err));
		}
		close(fd);
		if (len == 0) {
			EXPECT_EQ(EINVAL, ret ? err : 0);
		} else {
			EXPECT_EQ(full_ret ? full_err : 0, ret ? err : 0) TH_LOG("%s", what);
		}
	}
	close(vfd);
}

/*
 * A raw HCI socket outlives its controller: once the vhci fd is closed the
 * device is unregistered, getsockname() reports EPIPE, and bind() detaches
 * the dead device before it looks up the new one.
 */
TEST(hci_unregistered)
{
	struct sockaddr_storage ss;
	unsigned char name[SS_LEN + 8];
	const struct mask m = HCI_DEV_MASK;
	int vfd, index, fd, ret, err;
	socklen_t n;

	tr_begin("hci_unregistered");
	vfd = vhci_create(0x00, &index);
	if (vfd < 0)
		SKIP(return, "vhci: %s", strerror(-vfd));
	fd = socket(AF_BLUETOOTH, SOCK_RAW | SOCK_CLOEXEC, BTPROTO_HCI);
	ASSERT_LE(0, fd);
	hci_addr(&ss, index, HCI_CHANNEL_RAW);
	ASSERT_EQ(0, bind(fd, (struct sockaddr *)&ss, sizeof(struct sockaddr_hci)))
		TH_LOG("bind hci%d: %s", index, strerror(errno));
	n = SS_LEN;
	memset(name, MARK, sizeof(name));
	ret = getsockname(fd, (struct sockaddr *)name, &n);
	tr_addr("getsockname bound", ret, errno, name, SS_LEN, n, m);
	EXPECT_EQ(0, ret);
	EXPECT_EQ(sizeof(struct sockaddr_hci), n);

	close(vfd);
	names_of(_metadata, "getsockname unregistered", getsockname, fd, 0, m);
	n = SS_LEN;
	ret = getsockname(fd, (struct sockaddr *)name, &n);
	EXPECT_EQ(EPIPE, ret ? errno : 0);

	ret = bind(fd, (struct sockaddr *)&ss, sizeof(struct sockaddr_hci));
	err = errno;
	tr_line("bind the same index again -> %s", tr_ret(ret, err));
	EXPECT_EQ(ENODEV, ret ? err : 0);
	hci_addr(&ss, HCI_DEV_NONE, HCI_CHANNEL_RAW);
	ret = bind(fd, (struct sockaddr *)&ss, sizeof(struct sockaddr_hci));
	err = errno;
	tr_line("bind no device -> %s", tr_ret(ret, err));
	EXPECT_EQ(0, ret);
	n = SS_LEN;
	ret = getsockname(fd, (struct sockaddr *)name, &n);
	err = errno;
	tr_line("getsockname no device -> %s", tr_ret(ret, err));
	EXPECT_EQ(EBADFD, ret ? err : 0);
	close(fd);
}

TEST_HARNESS_MAIN
