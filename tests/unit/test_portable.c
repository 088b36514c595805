// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_portable.c -- unit tests of driver/portable.c: the rewrite of a
 * small fake pan.c.
 */
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "driver/portable.h"

static char out_buf[8192], err_buf[4096];

/* rewrite text; output in out_buf, messages in err_buf; the status */
static int rewrite(const char *text)
{
	char *o = NULL, *e = NULL;
	size_t ol = 0, el = 0;
	FILE *in = fmemopen((void *)text, strlen(text), "r");
	FILE *out = open_memstream(&o, &ol), *err = open_memstream(&e, &el);
	int rc = -1;
	out_buf[0] = err_buf[0] = '\0';
	if (in && out && err)
		rc = drv_portable_rewrite(in, out, err);
	if (in)
		fclose(in);
	if (out)
		fclose(out);
	if (err)
		fclose(err);
	if (o && ol < sizeof out_buf)
		memcpy(out_buf, o, ol + 1);
	if (e && el < sizeof err_buf)
		memcpy(err_buf, e, el + 1);
	free(o);
	free(e);
	return rc;
}

static const char pan_c[] =
	"#include \"pan.h\"\n"
	"int\n"
	"store_state(char *v)\n"
	"{\tif (h_store(v, n)) return 0;\n"
	"\tpush_bfs(t, d); xpush_bfs(t, d); my_h_store(v); snapshot(); do_transit(t2, 0);\n"
	"}\n"
	"void\n"
	"bfs(void)\n"
	"{\twhile ((t = pop_bfs()))\n"
	"\t\tpush_bfs(t, 0); store_state(t, 0, -1); snapshot();\n"
	"}\n"
	"void\n"
	"nuerror(void)\n"
	"{\tputter(trail, 0);\n"
	"}\n"
	"void\n"
	"wrapup(void)\n"
	"{\tprintf(\"x\\n\"); fprintf(f, \"y\"); sprintf(b, \"z\"); pan_exit(0);\n"
	"}\n"
	"char *\n"
	"Malloc(ulong n)\n"
	"{\ttmp = (char *) malloc(n); memset(tmp, 0, n);\n"
	"}\n"
	"char *\n"
	"emalloc(ulong n)\n"
	"{\thave = Malloc(n); memset(have, 0, n);\n"
	"}\n"
	"void\n"
	"other(void)\n"
	"{\th_store(v, n); push_bfs(t, 1); putter(trail, 1); pan_exit(1); printf(\"o\"); fprintf(f, \"o\");\n"
	"}\n"
	"int\n"
	"main(int argc, char *argv[])\n"
	"{\tfprintf(efd, \"w\"); vfprintf(efd, \"v\", ap); printf(\"m\"); return 0;\n"
	"}";                                 /* no newline at the end */

static void test_rewrite(void)
{
	CHECK_EQ_LONG(rewrite(pan_c), 0);
	CHECK_STR(err_buf, "");
	CHECK_STR(out_buf,
		"#include \"pan.h\"\n"
		"int dmc_h_store(char *, int);\n"
		"void dmc_push_bfs(Trail *, int);\n"
		"Trail *dmc_pop_bfs(void);\n"
		"void dmc_store_state(Trail *, int, short);\n"
		"void dmc_putter(Trail *, int);\n"
		"void dmc_snapshot(void);\n"
		"void dmc_pan_exit(int);\n"
		"void *dmc_zero_malloc(size_t);\n"
		"void *dmc_emalloc_memset(void *, int, size_t);\n"
		"uchar dmc_claim_transit(Trans *, short);\n"
		"int dmc_wrapup_printf(const char *, ...);\n"
		"int dmc_main_fprintf(FILE *, const char *, ...);\n"
		"int dmc_q_S_check(int, int);\n"
		"int dmc_q_R_check(int, int);\n"
		"void dmc_setq_claim(int, int, char *, int, char *);\n"
		"int\n"
		"store_state(char *v)\n"
		"{\tif (dmc_h_store(v, n)) return 0;\n"
		"\tdmc_push_bfs(t, d); xpush_bfs(t, d); my_h_store(v); dmc_snapshot(); dmc_claim_transit(t2, 0);\n"
		"}\n"
		"void\n"
		"bfs(void)\n"
		"{\twhile ((t = dmc_pop_bfs()))\n"
		"\t\tdmc_push_bfs(t, 0); dmc_store_state(t, 0, -1); dmc_snapshot();\n"
		"}\n"
		"void\n"
		"nuerror(void)\n"
		"{\tdmc_putter(trail, 0);\n"
		"}\n"
		"void\n"
		"wrapup(void)\n"
		"{\tdmc_wrapup_printf(\"x\\n\"); fprintf(f, \"y\"); sprintf(b, \"z\"); dmc_pan_exit(0);\n"
		"}\n"
		"char *\n"
		"Malloc(ulong n)\n"
		"{\ttmp = (char *) dmc_zero_malloc(n); memset(tmp, 0, n);\n"
		"}\n"
		"char *\n"
		"emalloc(ulong n)\n"
		"{\thave = Malloc(n); dmc_emalloc_memset(have, 0, n);\n"
		"}\n"
		"void\n"
		"other(void)\n"
		"{\th_store(v, n); push_bfs(t, 1); putter(trail, 1); pan_exit(1); printf(\"o\"); fprintf(f, \"o\");\n"
		"}\n"
		"int\n"
		"dmc_pan_main(int argc, char *argv[])\n"
		"{\tdmc_main_fprintf(efd, \"w\"); vfprintf(efd, \"v\", ap); printf(\"m\"); return 0;\n"
		"}\n");
}

static void test_missing_calls(void)
{
	/* bfs() without pop_bfs and store_state, no nuerror() at all (and
	 * no do_transit in store_state: that redirect is optional) */
	CHECK_EQ_LONG(rewrite("#include \"pan.h\"\n"
	                      "store_state(void)\n{ h_store(v, n); push_bfs(t, d); }\n"
	                      "bfs(void)\n{ push_bfs(t, 0); }\n"
	                      "main(void)\n{ }\n"), 1);
	CHECK_STR(err_buf,
		"spin-dmc: pan.c has no call to pop_bfs in bfs(); not the SPIN 6.x -DBFS code spin-dmc expects\n"
		"spin-dmc: pan.c has no call to store_state in bfs(); not the SPIN 6.x -DBFS code spin-dmc expects\n"
		"spin-dmc: pan.c has no call to putter in nuerror(); not the SPIN 6.x -DBFS code spin-dmc expects\n"
		"spin-dmc: pan.c has no call to snapshot in store_state(); not the SPIN 6.x -DBFS code spin-dmc expects\n"
		"spin-dmc: pan.c has no call to snapshot in bfs(); not the SPIN 6.x -DBFS code spin-dmc expects\n"
		"spin-dmc: pan.c has no call to pan_exit in wrapup(); not the SPIN 6.x -DBFS code spin-dmc expects\n"
		"spin-dmc: pan.c has no call to malloc in Malloc(); not the SPIN 6.x -DBFS code spin-dmc expects\n"
		"spin-dmc: pan.c has no call to memset in emalloc(); not the SPIN 6.x -DBFS code spin-dmc expects\n"
		"spin-dmc: pan.c has no call to printf in wrapup(); not the SPIN 6.x -DBFS code spin-dmc expects\n"
		"spin-dmc: pan.c has no call to fprintf in main(); not the SPIN 6.x -DBFS code spin-dmc expects\n");
	/* the text is still copied, rewritten where it could be */
	CHECK(strstr(out_buf, "bfs(void)\n{ dmc_push_bfs(t, 0); }\n") != NULL);
}

static void test_not_pan(void)
{
	CHECK_EQ_LONG(rewrite("int x;\n"), 1);
	CHECK(strstr(err_buf, "spin-dmc: pan.c has no call to h_store in store_state(); "
	                      "not the SPIN 6.x -DBFS code spin-dmc expects\n") == err_buf);
	CHECK(strstr(err_buf, "\nspin-dmc: pan.c does not include pan.h\n"
	                      "spin-dmc: pan.c has no main() definition\n") != NULL);
	CHECK_STR(out_buf, "int x;\n");
}

static void test_main_only_at_line_start(void)
{
	CHECK_EQ_LONG(rewrite("\tmain(1);\nmainly(2);\n"), 1);
	CHECK_STR(out_buf, "\tmain(1);\nmainly(2);\n");
	CHECK(strstr(err_buf, "has no main() definition") != NULL);
}

CHECK_MAIN("portable",
	CASE(test_rewrite),
	CASE(test_missing_calls),
	CASE(test_not_pan),
	CASE(test_main_only_at_line_start))
