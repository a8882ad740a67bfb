/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A page followed by an unmapped page: a buffer that ends at the second
 * page's start makes the kernel's copy of a byte past the caller's length
 * fail with -EFAULT instead of reading or writing the caller's other memory.
 */
#ifndef GUEST_GUARD_H
#define GUEST_GUARD_H

#include <sys/mman.h>
#include <unistd.h>

/* the first page of the two (its size in *@pagesz), or NULL */
static inline char *guarded_page(long *pagesz)
{
	char *p;

	*pagesz = sysconf(_SC_PAGESIZE);
	if (*pagesz <= 0)
		return NULL;
	p = mmap(NULL, 2 * *pagesz, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		 -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	if (mprotect(p + *pagesz, *pagesz, PROT_NONE)) {
		munmap(p, 2 * *pagesz);
		return NULL;
	}
	return p;
}

#endif
