/*
 * h_relax.c -- hL and hU, the relaxed-planning heuristics of seed 000:
 * build the abstract transition graph (atg.c) of the abstract model
 * (absmodel_build.c) from the current state.  hL is the layer at which a
 * target first holds (admissible); hU the length of an abstract plan
 * extracted backwards from the graph (not admissible, often sharper).
 * Both are infinity when the graph reaches its fixpoint without a
 * target: a proved dead end -- unless the abstract model gave up on
 * something (embedded C, an unknown run) or the state has a process no
 * automaton stands for: then nothing is proved, h is a large finite
 * value (far_h) and the runtime does not prune (dmc_heuristic_prune_veto).
 */
#include <stdio.h>
#include <stdlib.h>
#include "heuristic.h"
#include "absmodel_build.h"
#include "atg.h"
#include "hcache.h"
#include "runtime.h"

static dmc_abuild model;
static dmc_atg *graph;
static int deadlocks;                 /* a deadlock may be one step away */
static dmc_hcache *cache;
static unsigned char *keybuf;         /* the abstract state, serialised */

static int far_h;                     /* "far" instead of a dead end nothing proves */

static void relax_done(void)
{
	dmc_heuristic_set_prune_veto(NULL);
	dmc_atg_free(graph);
	graph = NULL;
	dmc_abuild_free(&model);
	dmc_hcache_free(cache);
	cache = NULL;
	free(keybuf);
	keybuf = NULL;
}

static int relax_init(const dmc_targets *tg, char *err, size_t errlen)
{
	int located = 0;
	relax_done();                     /* a second init replaces the first */
	for (int i = 0; i < tg->ngoals; i++)
		located += tg->goals[i].nlocs > 0;
	if (!located) {
		snprintf(err, errlen, "hL/hU need target locations (asserts or a never claim); the model has none");
		return -1;
	}
	if (dmc_abuild_make(&model, tg, err, errlen) < 0)
		return -1;
	if (!(graph = dmc_atg_new(&model.m))) {
		dmc_abuild_free(&model);
		snprintf(err, errlen, "out of memory building the abstract transition graph");
		return -1;
	}
	deadlocks = tg->deadlock;
	if (model.gave_up[0]) {
		char why[320];
		snprintf(why, sizeof why, "the abstract model gave up on %s", model.gave_up);
		dmc_heuristic_set_prune_veto(why);
	}
	/* longer than any plan the abstract model can hold (every
	 * transition once), but finite */
	far_h = model.m.ntrans < DMC_H_INF / 4 ? 2 * model.m.ntrans + 2 : DMC_H_INF / 2;
	/* without room for a key the cache is simply off */
	keybuf = malloc(17 + (size_t) model.cap_locs * 10 + (size_t) model.cap_vals * 15);
	if (keybuf)
		cache = dmc_hcache_new(&dmc_hcache_config);
	return 0;
}

static unsigned char *put_uint(unsigned char *p, unsigned long long x)
{
	while (x >= 0x80) {
		*p++ = (unsigned char) (x | 0x80);
		x >>= 7;
	}
	*p++ = (unsigned char) x;
	return p;
}

/* The ATG's input as bytes: which heuristic (hL, hU and hUc may run
 * side by side in a Lua combination and share the cache), locations,
 * then values (zigzag varints). */
static size_t serialise(int mode, const dmc_astate *s)
{
	unsigned char *p = keybuf;
	*p++ = (unsigned char) mode;
	p = put_uint(p, (unsigned) s->nlocs);
	for (int i = 0; i < s->nlocs; i++) {
		p = put_uint(p, (unsigned) s->loc_proc[i]);
		p = put_uint(p, (unsigned) s->loc_loc[i]);
	}
	for (int i = 0; i < s->nvals; i++) {
		unsigned long long v = (unsigned long long) s->val_val[i];
		p = put_uint(p, (unsigned) s->val_var[i]);
		p = put_uint(p, s->val_val[i] < 0 ? ~(v << 1) : v << 1);
	}
	return (size_t) (p - keybuf);
}

enum { MODE_L, MODE_U, MODE_UC };

/* h of the current state, from the cache or the ATG. */
static int relax_eval(int mode)
{
	dmc_astate s;
	int h, hit = 0;
	size_t len = 0;
	uint64_t hash = 0;
	if (deadlocks)
		return 0;
	dmc_abuild_state(&model, &s);
	if (cache) {
		len = serialise(mode, &s);
		hash = dmc_fingerprint(keybuf, len);
		hit = dmc_hcache_get(cache, keybuf, len, hash, &h);
	}
	if (!hit) {
		dmc_atg_set_cycle_costs(graph, mode == MODE_UC);
		h = mode == MODE_L ? dmc_atg_hL(graph, &s) : dmc_atg_hU(graph, &s);
		if (cache)
			dmc_hcache_put(cache, keybuf, len, hash, h);
	}
	/* Half-way through a rendezvous the sender counts as still at its
	 * send (absmodel_build.c), so the ATG charges the whole pair (two
	 * steps) though one is done: one less stays a lower bound. */
	if (model.halfway && h > 0 && h != DMC_H_INF)
		h--;
	if (h == DMC_H_INF && (model.gave_up[0] || model.unmodelled))
		h = far_h;
	return h;
}

static int eval_L(void)
{
	return relax_eval(MODE_L);
}

static int eval_U(void)
{
	return relax_eval(MODE_U);
}

static int eval_Uc(void)
{
	return relax_eval(MODE_UC);
}

static const dmc_hcache_stats *relax_cache_stats(void)
{
	return dmc_hcache_stats_of(cache);
}

const dmc_heuristic dmc_h_hL = {
	"hL", "relaxed planning: first layer of the abstract transition graph with a target (admissible)",
	1, 1, relax_init, eval_L, relax_done, relax_cache_stats
};

const dmc_heuristic dmc_h_hU = {
	"hU", "relaxed planning: length of an abstract plan extracted from the graph",
	0, 1, relax_init, eval_U, relax_done, relax_cache_stats
};

const dmc_heuristic dmc_h_hUc = {
	"hUc", "hU charging the rounds of the loops that repeated increments go around",
	0, 1, relax_init, eval_Uc, relax_done, relax_cache_stats
};
