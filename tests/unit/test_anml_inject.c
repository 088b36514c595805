// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_anml_inject.c -- no text of an ANMLite model or its file name
 * reaches the Promela unescaped (issue 13, item 9), and numbers past
 * 2^31-1 or a NUL byte are errors at their FILE:LINE:COL (item 16).
 * Every name field and the file name get each injection shape; the
 * translation either fails with a position or gives Promela with no C
 * code, no directive but "#define NAME NUMBER", no unclosed comment.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "pml_safety.h"
#include "anml.h"

/* an overflow or other undefined behaviour ends the test (a failure),
 * not just a line on stderr */
const char *__ubsan_default_options(void);
const char *__ubsan_default_options(void)
{
	return "halt_on_error=1:print_stacktrace=1";
}

static const char *const payloads[] = {
	"*/ c_decl { int pwned; } /*",
	"x // */ c_code { pwned(); } /*",
	"x\n#include \"/etc/passwd\"\n",
	"x\\\n c_code { pwned(); }",
	"x ?\?/\n c_decl { int pwned; }",
	"\"x\" 'y'",
	"%s%n%d",
	"c_code",
	"c_decl",
	"inline",
	"\x1b[2J\x7f",
};
#define NPAYLOADS ((int) (sizeof payloads / sizeof payloads[0]))

static const char model[] =
	"PLAN @P@\n"
	"TYPES @T@ = {@V@, w}\n"
	"TIMELINE @L@\n ACTIONS\n  @A@(x: @T@): [1,5]\n  B\n TRANSITIONS\n  @A@(_) -> B\nEND @L@\n"
	"VARIABLES @I@: @L@\n"
	"INITIAL-STATE\n |-> @I@.@A@(@V@)\n"
	"GOALS\n @I@.B\n"
	"// @C@\n"
	"END @P@\n";

/* model with the field's marker replaced by the payload, the others by names */
static char *instantiate(const char *field, const char *payload)
{
	static const char *const marks[] = { "@P@", "@T@", "@V@", "@L@", "@A@", "@I@", "@C@" };
	static const char *const names[] = { "p", "ty", "v", "Tl", "A", "i1", "comment" };
	size_t cap = sizeof model + 16 * (strlen(payload) + 16);
	char *out = malloc(cap), *o = out;
	if (!out)
		abort();
	for (const char *s = model; *s; ) {
		int done = 0;
		for (int k = 0; k < 7 && !done; k++)
			if (strncmp(s, marks[k], 3) == 0) {
				const char *r = strcmp(marks[k], field) == 0 ? payload : names[k];
				memcpy(o, r, strlen(r));
				o += strlen(r);
				s += 3;
				done = 1;
			}
		if (!done)
			*o++ = *s++;
	}
	*o = 0;
	return out;
}

static int nsafe, nrejected;

static int safe(const char *file, const char *text, const char *field, int k)
{
	anml_model m;
	anml_err err;
	memset(&err, 0, sizeof err);
	int ok;
	if (anml_parse(file, text, &m, &err) == 0 && anml_resolve(&m, &err) == 0) {
		char *out = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&out, &len);
		int rc = anml_write_promela(f, &m, 20, &err);
		fclose(f);
		const char *bad = rc == 0 ? pml_unsafe_text(out, 1) : NULL;
		ok = rc == 0 ? bad == NULL : has_position(err.msg, file);
		if (!ok)
			fprintf(stderr, "  %s, payload %d: %s\n", field, k, bad ? bad : err.msg);
		free(out);
		nsafe++;
	} else {
		ok = has_position(err.msg, file);
		if (!ok)
			fprintf(stderr, "  %s, payload %d: \"%s\"\n", field, k, err.msg);
		nrejected++;
	}
	anml_free(&m);
	return ok;
}

static void test_fields(void)
{
	static const char *const fields[] = { "@P@", "@T@", "@V@", "@L@", "@A@", "@I@", "@C@" };
	/* the names alone translate */
	char *plain = instantiate("", "");
	CHECK(safe("t.anml", plain, "none", -1));
	free(plain);
	for (int f = 0; f < 7; f++)
		for (int k = 0; k < NPAYLOADS; k++) {
			char *text = instantiate(fields[f], payloads[k]);
			CHECK(safe("t.anml", text, fields[f], k));
			free(text);
		}
}

static void test_file_name(void)
{
	char *text = instantiate("", "");
	for (int k = 0; k < NPAYLOADS; k++) {
		char file[200];
		snprintf(file, sizeof file, "m%s.anml", payloads[k]);
		CHECK(safe(file, text, "file name", k));
	}
	free(text);
	CHECK(nsafe > 10 && nrejected > 10);
}

static const char *error_of(const char *text)
{
	static anml_err err;
	anml_model m;
	err.msg[0] = 0;
	if (anml_parse("t.anml", text, &m, &err) == 0 && anml_resolve(&m, &err) == 0)
		strcpy(err.msg, "");
	anml_free(&m);
	return err.msg;
}

/* numbers saturated at 2^31-1 before, silently */
static void test_number_too_large(void)
{
	CHECK(strstr(error_of("PLAN p\nTIMELINE T\n ACTIONS\n  A: [1, 2147483648]\n TRANSITIONS\n  A -> A\nEND T\nEND p\n"),
		     "t.anml:4:10: number too large") != NULL);
	CHECK(strstr(error_of("PLAN p\nTIMELINE T\n ACTIONS\n  A: [99999999999999999999999, _]\nEND T\nEND p\n"),
		     "t.anml:4:7: number too large") != NULL);
	CHECK(strstr(error_of("PLAN p\nTIMELINE T\n ACTIONS\n  A: [1,5]\n  B\n TRANSITIONS\n  A -> B\nEND T\n"
			      "CONSTRAINTS\n T.A.end + 4294967297 < T.B.start\nEND p\n"), "t.anml:10:12: number too large") != NULL);
	anml_model m;
	anml_err err;
	CHECK(anml_parse("t.anml", "PLAN p\nTIMELINE T\n ACTIONS\n  A: [1, 2147483647]\nEND T\nEND p\n", &m, &err) == 0
	      && m.tls[0].acts[0].max == 2147483647);
	anml_free(&m);
}

static void test_nul_byte(void)
{
	char path[] = "/tmp/test_anml_nul.XXXXXX";
	int fd = mkstemp(path);
	CHECK(fd >= 0);
	static const char text[] = "PLAN p\nTIMELINE T\n ACTIONS\n  A\n\0 junk\nEND T\nEND p\n";
	CHECK(write(fd, text, sizeof text - 1) == (ssize_t) (sizeof text - 1));
	close(fd);
	anml_model m;
	anml_err err;
	CHECK(anml_load(path, &m, &err) != 0);
	char want[80];
	snprintf(want, sizeof want, "%s:5:1: a NUL byte", path);
	CHECK(strstr(err.msg, want) != NULL);
	unlink(path);
}

/* the largest numbers everywhere: durations, offsets; the translation
 * works or says why, without overflowing its own int arithmetic */
static void test_large_numbers(void)
{
	static const char *const models[] = {
		"PLAN p\nTIMELINE T\n ACTIONS\n  A: [2147483647, _]\n  B: [2147483647, 2147483647]\n TRANSITIONS\n"
		"  A -> B -> A\nEND T\nGOALS\n T.B\nEND p\n",
		"PLAN p\nTIMELINE T\n ACTIONS\n  A: [1, 5]\n  B\n TRANSITIONS\n  A -> B\nEND T\n"
		"CONSTRAINTS\n T.A.end + 2147483647 < T.B.start\n T.A.start - 2147483647 < T.B.end\n"
		" -2147483647 < T.B.end\nGOALS\n T.B\nEND p\n",
	};
	for (size_t i = 0; i < sizeof models / sizeof models[0]; i++) {
		anml_model m;
		anml_err err;
		memset(&err, 0, sizeof err);
		if (anml_parse("t.anml", models[i], &m, &err) == 0 && anml_resolve(&m, &err) == 0) {
			char *out = NULL;
			size_t len = 0;
			FILE *f = open_memstream(&out, &len);
			int rc = anml_write_promela(f, &m, 20, &err);
			fclose(f);
			CHECK(rc == 0 || has_position(err.msg, "t.anml"));
			free(out);
		} else {
			CHECK(has_position(err.msg, "t.anml"));
		}
		anml_free(&m);
	}
}

/* timeline d with action step was "#define d_step 0", which broke the
 * d_step blocks of the translation */
static void test_reserved_define(void)
{
	anml_model m;
	anml_err err;
	CHECK(anml_parse("t.anml", "PLAN p\nTIMELINE d\n ACTIONS\n  step\n  b\n TRANSITIONS\n  step -> b\nEND d\nEND p\n",
			 &m, &err) == 0 && anml_resolve(&m, &err) == 0);
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	CHECK(anml_write_promela(f, &m, 20, &err) != 0);
	fclose(f);
	CHECK(strstr(err.msg, "t.anml:4:3: action 'step' of timeline 'd' gives the Promela name d_step") != NULL);
	free(out);
	anml_free(&m);
}

CHECK_MAIN("anml_inject",
	CASE(test_reserved_define),
	CASE(test_large_numbers),
	CASE(test_fields),
	CASE(test_file_name),
	CASE(test_number_too_large),
	CASE(test_nul_byte))
