/* Which bound does clang-19 know on each shape of a socket-address read? */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
typedef unsigned short sa_family_t;
struct in6_addr { unsigned char s6_addr[16]; };
struct sockaddr_in6 { sa_family_t sin6_family; unsigned short sin6_port;
	unsigned int sin6_flowinfo; struct in6_addr sin6_addr; unsigned int sin6_scope_id; };
struct sockaddr_unsized { sa_family_t sa_family; char sa_data[]; };
/* form (a): length carried with the address, bytes counted */
struct sockaddr_sized { int addr_len; unsigned char addr[] __attribute__((counted_by(addr_len))); };
/* form (a'): typed view, count = number of whole sockaddr_in6 (0 or 1) */
struct sin6_view { int n; struct sockaddr_in6 a[] __attribute__((counted_by(n))); };

#define P(e) printf("%-62s %ld\n", #e, (long)(e))
__attribute__((noinline)) void sizes(struct sockaddr_sized *s, struct sockaddr_unsized *u, int len)
{
	struct sockaddr_in6 *sin6 = (struct sockaddr_in6 *)s->addr;
	P(__builtin_dynamic_object_size(s->addr, 0));
	P(__builtin_dynamic_object_size(s->addr, 1));
	P(__builtin_dynamic_object_size(&s->addr[24], 1));
	P(__builtin_dynamic_object_size(sin6, 0));
	P(__builtin_dynamic_object_size(sin6, 1));
	P(__builtin_dynamic_object_size(&sin6->sin6_scope_id, 0));
	P(__builtin_dynamic_object_size(&sin6->sin6_scope_id, 1));
	P(__builtin_dynamic_object_size(u->sa_data, 1));
	P(__builtin_dynamic_object_size(u, 0));
	P(__builtin_dynamic_object_size((struct sockaddr_in6 *)u, 0));
}
__attribute__((noinline)) int field_read_a(struct sockaddr_sized *s)
{	/* bug shape 1: field read through a cast before any length check */
	return ((struct sockaddr_in6 *)s->addr)->sin6_scope_id;
}
__attribute__((noinline)) int byte_read_a(struct sockaddr_sized *s)
{	/* bug shape 1': same bytes, read by indexing the counted array */
	return s->addr[24];
}
__attribute__((noinline)) int field_read_view(struct sin6_view *v)
{
	return v->a[0].sin6_scope_id;
}
__attribute__((noinline)) int field_read_unsized(struct sockaddr_unsized *u)
{
	return ((struct sockaddr_in6 *)u)->sin6_scope_id;
}
__attribute__((noinline)) int datab_read_unsized(struct sockaddr_unsized *u)
{
	return u->sa_data[22];
}
int main(int argc, char **argv)
{
	int len = argc > 1 ? atoi(argv[1]) : 16;
	const char *which = argc > 2 ? argv[2] : "sizes";
	struct sockaddr_sized *s = calloc(1, sizeof(*s) + 128);
	struct sin6_view *v = calloc(1, sizeof(*v) + 128);
	s->addr_len = len;
	v->n = len >= (int)sizeof(struct sockaddr_in6);
	if (!strcmp(which, "sizes")) sizes(s, (struct sockaddr_unsized *)s->addr, len);
	if (!strcmp(which, "field")) printf("%d\n", field_read_a(s));
	if (!strcmp(which, "byte")) printf("%d\n", byte_read_a(s));
	if (!strcmp(which, "view")) printf("%d\n", field_read_view(v));
	if (!strcmp(which, "unsized")) printf("%d\n", field_read_unsized((void *)s->addr));
	if (!strcmp(which, "datab")) printf("%d\n", datab_read_unsized((void *)s->addr));
	return 0;
}
