/*
 * heuristic_list.h -- the registry of heuristics: one line per
 * heuristic, in the order --help and the docs list them.
 *
 * DMC_HEURISTIC(sym) names the class `const dmc_heuristic dmc_h_<sym>`,
 * defined in its own heuristics/h_*.c file.  heuristic.c expands this
 * list into dmc_heuristic_all() and dmc_heuristic_find(); adding a
 * heuristic is its file plus one line here.  (No include guard: it is
 * included once per expansion.)
 */
DMC_HEURISTIC(none)      /* h_none.c */
DMC_HEURISTIC(dL)        /* h_dist.c */
DMC_HEURISTIC(dU)        /* h_dist.c */
DMC_HEURISTIC(hf)        /* h_formula.c */
DMC_HEURISTIC(deadlock)  /* h_deadlock.c */
DMC_HEURISTIC(hL)        /* h_relax.c */
DMC_HEURISTIC(hU)        /* h_relax.c */
DMC_HEURISTIC(hUc)       /* h_relax.c */
DMC_HEURISTIC(htime)     /* h_time.c */
