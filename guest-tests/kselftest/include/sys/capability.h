/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A stand-in for libcap's <sys/capability.h>: only what the kernel's
 * selftests that we build use (seccomp_bpf's O_SUSPEND_SECCOMP fixture
 * drops CAP_SYS_ADMIN from its effective set). Debian ships no static
 * libcap for the cross arches, and linking the selftests statically is
 * what lets one initramfs carry them; capget(2) and capset(2) do the rest.
 */
#ifndef KMX_STANDIN_SYS_CAPABILITY_H
#define KMX_STANDIN_SYS_CAPABILITY_H

#include <linux/capability.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

typedef int cap_value_t;
typedef enum { CAP_EFFECTIVE, CAP_PERMITTED, CAP_INHERITABLE } cap_flag_t;
typedef enum { CAP_CLEAR, CAP_SET } cap_flag_value_t;

struct kmx_caps {
	struct __user_cap_header_struct head;
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];
};
typedef struct kmx_caps *cap_t;

static inline cap_t cap_get_proc(void)
{
	cap_t c = calloc(1, sizeof(*c));

	if (!c)
		return NULL;
	c->head.version = _LINUX_CAPABILITY_VERSION_3;
	if (syscall(SYS_capget, &c->head, c->data)) {
		free(c);
		return NULL;
	}
	return c;
}

static inline int cap_set_flag(cap_t c, cap_flag_t flag, int n,
			       const cap_value_t *caps, cap_flag_value_t value)
{
	for (int i = 0; i < n; i++) {
		struct __user_cap_data_struct *d = &c->data[caps[i] >> 5];
		__u32 bit = 1U << (caps[i] & 31);
		__u32 *set = flag == CAP_EFFECTIVE ? &d->effective :
			     flag == CAP_PERMITTED ? &d->permitted : &d->inheritable;

		if (caps[i] < 0 || caps[i] >= 32 * _LINUX_CAPABILITY_U32S_3)
			return -1;
		*set = value == CAP_SET ? *set | bit : *set & ~bit;
	}
	return 0;
}

static inline int cap_set_proc(cap_t c)
{
	return syscall(SYS_capset, &c->head, c->data);
}

static inline int cap_free(void *p)
{
	free(p);
	return 0;
}

#endif
