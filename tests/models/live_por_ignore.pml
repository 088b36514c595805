/*
 * live_por_ignore.pml -- the ignoring problem (partial-order reduction in
 * the nested DFS; tests/e2e/liveness.sh).  P (the highest pid, tried
 * first by pan's preselection) loops forever on a local variable: its
 * steps are safe, so POR expands P alone, and only the cycle proviso
 * lets Q (which sets the global g) move.
 *   never_g   [] !g          violated: Q sets g (found only if Q moves)
 *   ev_g      <> g           violated by a cycle of P's steps alone (no
 *                            fairness): the cycle lies in the noise
 *   stable_g  [](g -> []g)   holds
 *   dl_g      <>[] !g        violated: after Q's step g stays true
 */
bool g;
active proctype Q() { g = true }
active proctype P() { byte c; do :: c = 1 - c od }
ltl never_g { [] !g }
ltl ev_g { <> g }
ltl stable_g { [] (g -> [] g) }
ltl dl_g { <>[] !g }
