// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * test_uppaal_csp.c -- CSP synchronisation (`sync a;` with `IO P {a}`
 * alphabets, frontends/uppaal/uppaal_csp.c): the Promela of a joint
 * step, edges taken alone or never, the zone program of a joint step,
 * and what is refused by name.
 */
#include "check.h"
#include "uppaal_helpers.h"

/* translate; expect status 2 and a message at file:line containing what */
static int refused(const char *text, int line, const char *what)
{
	up_result r = up_run("c.xta", text, NULL);
	char prefix[64];
	snprintf(prefix, sizeof prefix, "c.xta:%d:", line);
	int ok = r.rc == 2 && strncmp(r.err, prefix, strlen(prefix)) == 0 && strstr(r.err, what);
	if (!ok)
		fprintf(stderr, "  got rc %d, \"%s\" (wanted %s... %s)\n", r.rc, r.err, prefix, what);
	up_done(&r);
	return ok;
}

#define TWO "process P() { state A, B; init A; trans A -> B { guard v == 0; sync a; assign v = 1; }; }\n" \
	    "process Q() { state A, B; init A; trans A -> B { sync a; assign v = v + 2; }, B -> A { sync b; }; }\n"

static void test_joint_step(void)
{
	up_result r = up_run("c.xta", "chan a, b;\nint[0,9] v;\n" TWO "system P, Q;\nIO P {a}\nIO Q {a}\n", NULL);
	CHECK_EQ_LONG(r.rc, 0);
	/* one atomic in P: both locations and guards, P's update, then Q's */
	CHECK(has(&r, ":: atomic { (((v == 0)) && loc_Q == 0 && (1)) ->"));
	CHECK(has(&r, "v = 1; loc_P = 1;\n\t\t/* csp partner */ "));
	CHECK(has(&r, "v = (v + 2); loc_Q = 1;"));
	/* Q's location is set by P's step: Q is in dispatch form */
	CHECK(has(&r, "takes CSP synchronisations another process writes"));
	/* b is not in Q's alphabet: Q takes it alone */
	CHECK(has(&r, ":: atomic { loc_Q == 1 && (1) -> loc_Q = 0; goto at_loop }"));
	/* no Promela channel, no rendezvous variables */
	CHECK(!has(&r, "chan a") && !has(&r, "dmc_eid"));
	CHECK_EQ_LONG(r.nwarn, 0);
	up_done(&r);
}

static void test_one_participant_and_no_io(void)
{
	/* only P's alphabet holds a: P takes it alone; Q has no IO
	 * declaration: its a and b edges are never taken (a warning) */
	up_result r = up_run("c.xta", "chan a, b;\nint[0,9] v;\n" TWO "system P, Q;\nIO P {a}\n", NULL);
	CHECK_EQ_LONG(r.rc, 0);
	CHECK(has(&r, ":: atomic { ((v == 0)) -> v = 1; loc_P = 1; goto at_B }"));
	CHECK(!has(&r, "v = (v + 2)"));
	CHECK(!has(&r, "csp partner"));
	CHECK_EQ_LONG(r.nwarn, 1);
	up_done(&r);
}

static void test_elements_and_partial_instances(void)
{
	/* go[i] of the server's select meets Client(i) on the same element */
	up_result r = up_run("c.xta", "chan go[2];\n"
			     "process S() { state s; init s; trans s -> s { select i : int[0,1]; sync go[i]; }; }\n"
			     "process C(const int[0,1] id) { state a, b; init a; trans a -> b { sync go[id]; }; }\n"
			     "system S, C;\nIO S {go}\nIO C(0) {go[0]}\nIO C(1) {go[1]}\n", NULL);
	CHECK_EQ_LONG(r.rc, 0);
	CHECK(has(&r, "/* edge S: s -> s [i=0] go[i] (c.xta:2) */\n\t\t loc_S = 0;\n\t\t/* csp partner */ loc_C_0 = 1;"));
	CHECK(has(&r, "/* edge S: s -> s [i=1] go[i] (c.xta:2) */\n\t\t loc_S = 0;\n\t\t/* csp partner */ loc_C_1 = 1;"));
	CHECK(!has(&r, "[i=0] go[i] (c.xta:2) */\n\t\t loc_S = 0;\n\t\t/* csp partner */ loc_C_1"));
	up_done(&r);
}

static void test_instance_named_io(void)
{
	/* "IO" followed by '=' is an instance, not an alphabet */
	up_result r = up_run("c.xta", "process P() { state a; init a; }\nIO = P();\nsystem IO;\n", NULL);
	CHECK_EQ_LONG(r.rc, 0);
	up_done(&r);
}

static void test_zone_program(void)
{
	/* with zones the step's test holds both guards, both resets and the
	 * targets' invariants, in that order */
	up_result r = up_run_zones("c.xta", "clock x, y;\nchan a;\n"
				   "process P() { state A, B { x <= 5 }; init A; trans A -> B { guard x > 1; sync a; assign x = 0; }; }\n"
				   "process Q() { state A, B; init A; trans A -> B { guard y < 2; sync a; assign y = 0; }; }\n"
				   "system P, Q;\nIO P {a}\nIO Q {a}\n", NULL);
	CHECK_EQ_LONG(r.rc, 0);
	CHECK(has(&r, "clocks as zones"));
	CHECK(has(&r, "(dmc_znote) (\"test , c 1 > 1 , c 2 < 2 , r 1 0 , r 2 0 , c 1 <= 5\")"));
	CHECK(has(&r, "(dmc_znote) (\"run , c 1 > 1 , c 2 < 2 , r 1 0 , r 2 0\")"));
	up_done(&r);
}

static void test_refused_by_name(void)
{
	const char *p = "process P() { state A, B; init A; trans A -> B { sync a; }; }\n";
	char t[512];
	snprintf(t, sizeof t, "broadcast chan a;\n%ssystem P;\nIO P {a}\n", p);
	CHECK(refused(t, 2, "CSP synchronisation on the broadcast channel 'a' is not supported"));
	snprintf(t, sizeof t, "urgent chan a;\n%ssystem P;\nIO P {a}\n", p);
	CHECK(refused(t, 2, "CSP synchronisation on the urgent channel 'a' is not supported"));
	snprintf(t, sizeof t, "chan a, b;\nchan priority a < b;\n%ssystem P;\nIO P {a}\n", p);
	CHECK(refused(t, 3, "with channel priorities is not supported"));
	snprintf(t, sizeof t, "chan a;\n%ssystem P;\nIO Q {a}\n", p);
	CHECK(refused(t, 4, "IO declaration: no process 'Q' in the system"));
	snprintf(t, sizeof t, "chan a;\nint z;\n%ssystem P;\nIO P {z}\n", p);
	CHECK(refused(t, 5, "'z' is not a global channel"));
	snprintf(t, sizeof t, "chan a;\n%ssystem P;\nIO P {a}\nIO P {a}\n", p);
	CHECK(refused(t, 5, "a second IO declaration for 'P'"));
	snprintf(t, sizeof t, "chan a;\n%ssystem P;\nIO P {a!}\n", p);
	CHECK(refused(t, 4, "IO declarations of inputs and outputs ('a!') are not supported"));
	CHECK(refused("chan a[2];\nint[0,1] v;\n"
		      "process P() { state A, B; init A; trans A -> B { sync a[v]; }; }\nsystem P;\nIO P {a}\n", 3,
		      "CSP synchronisation on an element of 'a' chosen by the state is not supported"));
	CHECK(refused("chan a[2];\nprocess P() { state A, B; init A; trans A -> B { sync a; }; }\nsystem P;\n", 2,
		      "'a' is an array of channels: synchronise on an element"));
	CHECK(refused("chan a, b;\nprocess P() { state A, B; init A; trans A -> B { sync a; }, B -> A { sync b!; }; }\n"
		      "system P;\nIO P {a}\n", 2, "binary or broadcast synchronisation ('b!', line 2) in one model"));
}

CHECK_MAIN("uppaal_csp",
	CASE(test_joint_step),
	CASE(test_one_participant_and_no_io),
	CASE(test_elements_and_partial_instances),
	CASE(test_instance_named_io),
	CASE(test_zone_program),
	CASE(test_refused_by_name))
