// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) the spin-dmc authors
/*
 * atg_impl.h -- the inside of the abstract transition graph (atg.h),
 * shared by the files that build and evaluate it, one job each:
 *   atg_build.c    dmc_atg_new: the model's actions, atoms and effects,
 *                  indexed for the evaluations (construction);
 *   atg_layers.c   one evaluation's layers from a state (hL, Fig. 1);
 *   atg_extract.c  an abstract solution from the layers (hU, Fig. 5);
 *   atg_print.c    what the graph found relevant, and a printout.
 *
 * Vocabulary.  An *action* is what fires in one abstract step: a
 * transition without synchronisation, or a rendezvous *pair* (a SEND and
 * a RECV transition of two processes, see add_pairs).  Its *conditions* are
 * the source locations of its transitions and the *atoms* of their
 * guards (the top-level conjuncts: the paper quantifies each condition
 * separately), plus for a pair the atoms "the two channels may be equal"
 * and, for each field the receive matches (a constant or eval(e)), "the
 * sent value may equal it".
 * An *effect* adds values to one variable.
 *
 */
#ifndef DMC_ATG_IMPL_H
#define DMC_ATG_IMPL_H

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "atg.h"
#include "valueset.h"
#include "vprog.h"

#define NEG DMC_AV_NEG_INF
#define POS DMC_AV_POS_INF
#define NEVER INT_MAX                 /* the layer of what is not reached */
#define FREE_T (1 << 29)              /* l_wait: a transition without atoms */
#define WIDEN_DIR 16                  /* growths by computed effects: towards the bounds */
#define WIDEN_HULL 24                 /* ... and filling the gaps */
#define WIDEN_ALL 28                  /* ... the whole domain */
#define MAXMEM 192                    /* allocations of one dmc_atg (about 125 now) */

enum { EF_SET, EF_ANY, EF_INC, EF_DEC };      /* effect kinds */
enum { OWN_TRANS, OWN_ACT, OWN_GOAL };        /* what an atom is a condition of */
/* Atoms "v op constant" are indexed by the constant (see simple_atom):
 * one may hold iff v may equal key (SA_EQ), min(v) <= key (SA_LE),
 * max(v) >= key (SA_GE), never (SA_NEVER); SA_NONE: evaluated. */
enum { SA_NONE, SA_EQ, SA_LE, SA_GE, SA_NEVER };

typedef struct {
	int var, kind;
	/* every value it can add whatever it reads (effect_reach): within
	 * [reach_lo, reach_hi] (empty: not known), reach their small_mask;
	 * first, with var: most applications read nothing else */
	long reach, reach_lo, reach_hi;
	int exact;                    /* it adds [reach_lo, reach_hi] whatever it reads */
	int act;                      /* the action it belongs to */
	long step;                    /* EF_INC, EF_DEC: the constant, > 0 */
	const dmc_aexpr *rhs;         /* EF_SET */
	dmc_vprog prog;               /* EF_SET: rhs compiled */
	int vfirst, nv;               /* variables read: evars[vfirst .. +nv) */
	int bounded;                  /* dmc_assign.bounded: values outside [lo, hi] */
	long lo, hi;                  /* are dropped before fitting to the domain */
} effect;

typedef struct {
	int part[2];                  /* transitions; part[1] < 0 unless a pair */
	int efirst, neff;             /* effs[efirst .. +neff) */
	int chan, nchan;              /* a pair's atoms (channels may be equal,
	                               * fields may match): [chan, chan + nchan) */
	int loc[4], nloc;             /* the locations it reaches (spawned starts too) */
} action;

typedef struct {
	const dmc_aexpr *e;
	dmc_vprog prog;               /* e compiled */
	int simple;                   /* SA_* */
	long key;                     /* SA_EQ, SA_LE, SA_GE */
	int vfirst, nv;               /* distinct variables read: avars[..] */
} atom;

typedef struct { int *first, *item; } csr;    /* item[first[k] .. first[k+1]) */

/* A remembered evaluation of a program: the sets of the variables it
 * reads (memo_key) and what it gave: "may be true", or a set of at most
 * MEMO_RES intervals.  Both in data: the key's klen words, then the
 * result's ends, so that a hit on a short key reads one cache line. */
#define MEMO_SLOTS 8192               /* a power of 2 */
#define MEMO_RES 4
#define MEMO_DATA 22
#define MEMO_KEY (MEMO_DATA - 2 * MEMO_RES)
#define MEMO_MINLEN 8                 /* shorter programs run faster than a lookup */
typedef struct {
	int id, klen, res_n;          /* id: the program's first instruction + 1, 0: empty */
	long data[MEMO_DATA];
} memo_slot;
/* Keys longer than MEMO_KEY (programs reading many variables: a goal
 * summing over every process, UPPAAL's sum quantifier, reads one
 * location per process) go to a second, smaller table of longer slots,
 * so that the first stays compact (its slot size decides its hits in
 * the cache). */
#define MEMO_LSLOTS 8192              /* a power of 2 */
#define MEMO_LDATA 72
#define MEMO_LKEY (MEMO_LDATA - 2 * MEMO_RES)
typedef struct {
	int id, klen, res_n;
	long data[MEMO_LDATA];
} memo_lslot;

/* A remembered witness (atg_extract.c) of an atom reading many
 * variables: the sets it was chosen from (per variable the logged sets
 * up to its layer) and the values it chose, in order.  The choice reads
 * nothing else, so the same sets give the same targets. */
#define WMEMO_SLOTS 2048              /* a power of 2 */
#define WMEMO_KEY 160
#define WMEMO_OUT 40
#define WMEMO_MINV 4                  /* fewer variables: searched again */
typedef struct {
	int id, klen, nout;           /* id: the atom + 1, 0: empty */
	int out_var[WMEMO_OUT];
	long out_val[WMEMO_OUT];
	long key[WMEMO_KEY];
} wmemo_slot;

struct dmc_atg {
	const dmc_amodel *m;
	int wrap;
	int sync_steps;               /* layers a rendezvous pair takes: 2 (pan) or 1 (paper) */
	int cycles;                   /* hU charges the rounds of loops (dmc_atg_set_cycle_costs) */
	void *mem[MAXMEM];
	int nmem, oom;
	dmc_vprogs *progs;            /* atoms' and effects' expressions, compiled */
	memo_slot *memo;              /* their results by input, MEMO_SLOTS, direct mapped */
	memo_lslot *lmemo;            /* ... for long keys, MEMO_LSLOTS */
	wmemo_slot *wmemo;            /* hU's witnesses by their sets, WMEMO_SLOTS */

	/* ---- fixed at dmc_atg_new ---- */
	int nlocs, *loc_base;         /* location (p, l) is loc_base[p] + l */
	int *loc_proc;                /* and back */
	int natoms, *avars;
	atom *atoms;
	int *t_afirst, *g_afirst;     /* atoms of transition t: [t_afirst[t], t_afirst[t+1]) */
	int nacts, neffs, *evars;
	action *acts;
	effect *effs;
	dmc_aexpr *chan_eq;           /* the pair atoms' expressions */
	/* per transition and per action, what one evaluation counts (the
	 * fields an access needs side by side: the arrays are long) */
	struct tslot { int unsat, need; } *ts;        /* unmet conditions, of how many */
	struct aslot { int unsat, need, en, mark, lmark, steps; } *as;   /* ... the layer
	                               * enabled at, last pushed at (push_apply), put off at
	                               * (later); the layers it takes (see steps) */
	int *g_need;
	int *a_ret;                   /* steps from an action's targets back to its sources */
	csr t_acts;                   /* transition -> actions it is part of */
	csr t_live;                   /* ... but the pairs dead in this evaluation
	                               * (a fixed atom false, see live_pairs) */
	unsigned char *a_fixed;       /* atom: no effect writes what it reads */
	unsigned char *v_written;     /* variable: some effect writes it */
	unsigned char *loc_rel, *var_rel;   /* see relevance() */
	int live_stale;               /* t_live must be made again */
	csr v_atoms;                  /* variable -> atoms reading it */
	csr v_gatoms;                 /* ... those that are evaluated (not SA_*) */
	csr v_glive;                  /* ... but those of pairs dead in this evaluation */
	csr v_eq, v_le, v_ge;         /* variable -> its SA_EQ, SA_LE, SA_GE atoms by key */
	long *eq_key, *le_key, *ge_key;   /* their keys, parallel to .item */
	/* v's SA_EQ keys, when they lie close together: the first atom with
	 * key >= x is eq_at[eq_off[v] + x - eq_lo[v]] (eq_off -1: search) */
	int *eq_off, *eq_at;
	long *eq_lo;
	csr v_acts;                   /* variable -> actions whose effects read it */
	csr v_writers;                /* variable -> effects writing it */
	csr v_wgen, v_wconst;         /* ... split: v := constant in the domain, by the
	                               * constant (wc_key), and the others */
	long *wc_key;
	csr v_wglive, v_wclive;       /* ... but the effects of pairs dead in this evaluation */
	long *wcl_key;
	/* The actions and their effects are renumbered once (relayout), the
	 * live ones first: a_at gives an action's index from its place in
	 * the model's order, e_rank an effect's place in that order. */
	int *a_at, *e_rank, laid_out;
	int *a_owner;                 /* atom: the index of what it is a condition of
	                               * << 2 | OWN_*, apart from the atoms (what
	                               * atom_holds reads: 4 bytes an atom) */
	csr l_wait;                   /* location -> transitions from it (t, or FREE_T + t
	                               * for one without atoms), goals on it (-g-1) */
	csr l_supp;                   /* location -> actions reaching it */
	csr l_slive;                  /* ... but the pairs dead in this evaluation */
	int *logoff, *logcap, nlog_total, maxlayer;

	/* ---- one evaluation ---- */
	dmc_vset *cur, *next, *log, *single;
	const dmc_vset **curview, **view;
	long *curmask;                /* small_mask of each cur set (curview's key words) */
	int *log_layer, *nlog, *nchg, *touched_at, *vtouched, ntouched;
	unsigned char *grew, *computed;
	int *first_loc, *newlocs, nnew;
	int *atom_sat;
	/* layer 0 of the previous evaluation: an atom whose variables start
	 * with the same sets holds at layer 0 iff it held then */
	dmc_vset *prev0;
	long *mask0;                  /* small_mask of each prev0 set */
	unsigned char *chg0;          /* variable: its set at layer 0 differs from prev0 */
	unsigned char *one0;          /* variable: prev0 is {val0} */
	long *val0;
	unsigned char *cur_grown;     /* variable: cur is not its layer-0 set (commit) */
	uint64_t *sat0;               /* bit i: atom i holds in prev0 */
	uint64_t *dead0;              /* bit i: atom i is a condition of a dead pair
	                               * (live_pairs): if evaluated, not again */
	/* A live pair's fixed atoms hold in every layer of every evaluation
	 * until live_pairs runs again: they are counted once, there (fold0,
	 * their atom_sat kept at 0, the pair's need less them), instead of
	 * being walked at every layer 0.  A pair whose atoms are all folded
	 * (a_defer0) and whose transitions are enabled at layer 0 is pushed
	 * where the walk would have reached its last atom (layer0_atoms), so
	 * that actions apply in the same order as without folding. */
	uint64_t *fold0;
	unsigned char *a_defer0;
	int *defer, ndefer;
	unsigned *atom_epoch, epoch;  /* atom evaluated in this layer 0 */
	int have_prev0;
	int *le0_ptr, *ge0_ptr;       /* le_ptr and ge_ptr for prev0 (simple_start) */
	int *le_ptr, *ge_ptr;         /* per variable: SA_LE atoms from le_ptr on hold,
	                               * SA_GE atoms before ge_ptr hold */
	int *found;                   /* simple atoms that came to hold in one commit */
	uint64_t *fmark;              /* all 0 but while sorting found */
	int *apply, napply;
	int *later, nlater, *later_next;   /* pairs applied one layer late */
	int *g_unsat, *g_layer;
	/* What this evaluation changed in the arrays above (from their rest
	 * values: NEVER, the needs, -1), so that the next one puts back only
	 * that instead of filling arrays as long as the model: the locations
	 * reached, the atoms that hold, the transitions and actions with a
	 * condition met (a disabled transition counts as one). */
	int *dirty_loc, ndirty_loc, *dirty_atom, ndirty_atom;
	int *dirty_t, ndirty_t, *dirty_a, ndirty_a;
	/* the best goal so far (its value layer + extra_steps in best), and
	 * the goals by extra_steps, those before g_next holding */
	long best;
	int *g_by_extra, g_next;
	/* an effect applied at layer k in this evaluation has eff_stamp
	 * ebase + k + 1 (ebase grows by more than the layers each time) */
	uint64_t *eff_stamp, ebase;
	int built, top, goal, result;
	/* transitions that never fire (dmc_atg_set_disabled), or none */
	const int *off;
	int noff;
	unsigned char *t_off;         /* transition: in off in this evaluation */
	int *offl, noffl;             /* the transitions t_off marks */

	/* ---- hU extraction ---- */
	int *head, *link, cur_k;      /* targets by layer; ids: locations, then values */
	unsigned char *loc_targeted, *a_posted, *atom_posted;
	/* set in the last extraction, to be cleared for the next one: the
	 * locations targeted, the atoms posted, the actions selected */
	int *x_loc, nx_loc, *x_atom, nx_atom, *x_act, nx_act;
	int vcap, nvt, *tv_var, *tv_next, *v_thead;
	long *tv_val;
	int *sel_layer;
	long *sel_reps, cost;
	int planned;                  /* the last evaluation extracted a plan */
};

/* ---- small helpers the files share (inline: the layers call them per value) ---- */

/* One variable's set as one key word: bit x for value x, when every
 * value lies in [0, 62] (locations, clocks, flags, pids: most sets);
 * -1 otherwise.  The word is then non-negative, so it never equals the
 * negative first word of the long form. */
static inline long small_mask(const dmc_vset *x)
{
	unsigned long bits = 0;
	if (x->n == 0 || x->iv[0].lo < 0 || x->iv[x->n - 1].hi > 62)
		return -1;
	for (int j = 0; j < x->n; j++)
		bits |= (2UL << x->iv[j].hi) - (1UL << x->iv[j].lo);
	return (long)bits;
}

static inline int extra_steps(const dmc_amodel *m, int i)
{
	return m->goals[i].extra_steps > 0 ? m->goals[i].extra_steps : 0;
}

/* a[0..n) := -1 (all bits set) or 0. */
static inline void fill_bytes(int *a, int n, int byte)
{
	memset(a, byte, (size_t)n * sizeof *a);
}

/* First index in keys[lo, hi) with keys[j] >= x (ge = 1) or > x. */
static inline int bound(const long *keys, int lo, int hi, long x, int ge)
{
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (ge ? keys[mid] < x : keys[mid] <= x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The layers action a takes (layers_of). */
static inline int steps(const dmc_atg *g, int a)
{
	return g->as[a].steps;
}

/* atg_layers.c: the program p's result on the sets vals of the variables
 * vars[0..nv), remembered by input (see there); the layers of one
 * evaluation from s, returning hL (DMC_ATG_INF when no goal is reached) */
int atg_memo_run(dmc_atg *g, dmc_vprog p, const int *vars, int nv,
                 const dmc_vset *const *vals, dmc_vset *out);
int atg_build_layers(dmc_atg *g, const dmc_astate *s);

#endif
