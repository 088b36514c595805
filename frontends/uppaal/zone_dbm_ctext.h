/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright (c) the spin-dmc authors */
/*
 * zone_dbm_ctext.h -- zones as difference bound matrices, for the UPPAAL
 * translation's dense-time semantics (docs/uppaal.md, Clocks: zones).
 * The translation copies this text into the Promela's c_decl, so pan
 * compiles it; tests/unit/test_uppaal_zone.c includes it.  It must
 * therefore hold no preprocessor directive (SPIN runs cpp on the
 * model) and use nothing beyond what pan.c already includes.
 *
 * A DBM of dimension n (clock 0 is the constant 0, clocks 1..n-1) is
 * n*n ints, d[i*n+j] the bound on x_i - x_j.  A bound (c, <=) is 2c,
 * (c, <) is 2c-1: the order of the ints is the order of the bounds and
 * the all-zero matrix is the zone where every clock is 0.  A zone is
 * kept canonical (every bound tight: Floyd-Warshall closed), so equal
 * zones are equal matrices and pan's hashing identifies them.  An empty
 * zone is the matrix with d[0] = -1 and every other entry 0 (one
 * representation: the state it is in has no successor).
 */

enum { DMC_ZINF = 0x3fffffff, DMC_ZMAXDIM = 64, DMC_ZMAXDIAG = 256 };

static int dmc_zbound(int c, int strict)
{
	return 2 * c - (strict != 0);
}

/* (c1,s1) + (c2,s2) = (c1+c2, s1 or s2) */
static int dmc_zadd(int a, int b)
{
	if (a == DMC_ZINF || b == DMC_ZINF)
		return DMC_ZINF;
	return a + b + (a & b & 1);
}

static int dmc_zempty(const int *d)
{
	return d[0] < 0;
}

static void dmc_zset_empty(int *d, int n)
{
	for (int i = 0; i < n * n; i++)
		d[i] = 0;
	d[0] = -1;
}

/* Floyd-Warshall; 0 (and the empty zone) when a cycle is negative */
static int dmc_zclose(int *d, int n)
{
	for (int k = 0; k < n; k++)
		for (int i = 0; i < n; i++) {
			int dik = d[i * n + k];
			if (dik == DMC_ZINF)
				continue;
			for (int j = 0; j < n; j++) {
				int s = dmc_zadd(dik, d[k * n + j]);
				if (s < d[i * n + j])
					d[i * n + j] = s;
			}
			if (d[i * n + i] < 0) {
				dmc_zset_empty(d, n);
				return 0;
			}
		}
	return 1;
}

/* x_i - x_j bounded by b, on a canonical zone: it stays canonical
 * (the one new edge can only shorten paths through it) */
static int dmc_zconstrain(int *d, int n, int i, int j, int b)
{
	if (dmc_zempty(d))
		return 0;
	if (b >= d[i * n + j])
		return 1;
	if (dmc_zadd(d[j * n + i], b) < 0) {
		dmc_zset_empty(d, n);
		return 0;
	}
	d[i * n + j] = b;
	for (int p = 0; p < n; p++) {
		int pi = d[p * n + i];
		if (pi == DMC_ZINF)
			continue;
		int pij = dmc_zadd(pi, b);
		for (int q = 0; q < n; q++) {
			int s = dmc_zadd(pij, d[j * n + q]);
			if (s < d[p * n + q])
				d[p * n + q] = s;
		}
	}
	return 1;
}

/* x := v (v >= 0) */
static void dmc_zreset(int *d, int n, int x, int v)
{
	for (int j = 0; j < n; j++) {
		d[x * n + j] = dmc_zadd(dmc_zbound(v, 0), d[0 * n + j]);
		d[j * n + x] = dmc_zadd(d[j * n + 0], dmc_zbound(-v, 0));
	}
	d[x * n + x] = 0;
}

/* time passes: no upper bound on any clock */
static void dmc_zup(int *d, int n)
{
	for (int i = 1; i < n; i++)
		d[i * n + 0] = DMC_ZINF;
}

/* x unconstrained (an inactive clock: every path resets it before it
 * is read); canonical again */
static void dmc_zfree(int *d, int n, int x)
{
	for (int j = 0; j < n; j++)
		if (j != x) {
			d[x * n + j] = DMC_ZINF;
			d[j * n + x] = d[j * n + 0];
		}
	d[0 * n + x] = 0;
}

/* Extra+_LU with L = U = m (m[i] the largest constant clock i is
 * compared with; Behrmann, Bouyer, Larsen, Pelanek, Lower and upper
 * bounds in zone-based abstractions of timed automata, STTT 2006):
 * bounds beyond the constants become infinite, so that finitely many
 * zones arise; exact for reachability of diagonal-free automata */
static void dmc_zextra(int *d, int n, const int *m)
{
	if (dmc_zempty(d))
		return;
	int row0[DMC_ZMAXDIM];
	for (int j = 0; j < n; j++)
		row0[j] = d[j];
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			if (i == j)
				continue;
			int *c = &d[i * n + j];
			if (i != 0 && *c != DMC_ZINF && *c > dmc_zbound(m[i], 0))
				*c = DMC_ZINF;
			else if (i != 0 && row0[i] < -2 * m[i])
				*c = DMC_ZINF;
			else if (j != 0 && row0[j] < -2 * m[j])
				*c = i != 0 ? DMC_ZINF : dmc_zbound(-m[j], 1);
		}
	dmc_zclose(d, n);
}

/* A zone program: triples (i, j, b) constrain x_i - x_j by b; (-1, x, v)
 * resets clock x to v; (-2, x, 0) frees x.  0 when the zone became empty. */
static int dmc_zrun(int *d, int n, const int *p, int len)
{
	for (int k = 0; k + 2 < len; k += 3) {
		if (p[k] == -1)
			dmc_zreset(d, n, p[k + 1], p[k + 2]);
		else if (p[k] == -2)
			dmc_zfree(d, n, p[k + 1]);
		else if (!dmc_zconstrain(d, n, p[k], p[k + 1], p[k + 2]))
			return 0;
	}
	return !dmc_zempty(d);
}

/* whether program p leaves the zone nonempty (d unchanged) */
static int dmc_zok(const int *d, int n, const int *p, int len)
{
	int t[DMC_ZMAXDIM * DMC_ZMAXDIM];
	if (dmc_zempty(d))
		return 0;
	for (int i = 0; i < n * n; i++)
		t[i] = d[i];
	return dmc_zrun(t, n, p, len);
}

/* ---- clock differences (diagonal constraints x_i - x_j ~ c) ----
 * Extrapolation alone is wrong for automata that compare differences
 * (Bouyer, Untameable timed automata!, STACS 2003).  Bengtsson and Yi
 * (On clock difference constraints and termination in reachability
 * analysis of timed automata, ICFEM 2003) first split the zone along
 * every difference constraint g the network has (each part lies on one
 * side of g), then k-normalise each part with k the largest constant
 * (differences' constants included) and intersect it again with the
 * side of each g it lay on.  A difference constraint is a triple
 * (i, j, b): x_i - x_j bounded by b; its negation is (j, i, -b-1).
 * (No double quotes in this text: the Promela's c_decl holds it.  The
 * functions only the Promela calls are inline: the other includers,
 * heuristics/pdb_zone.c, need not use them.) */

/* x is inactive (freed: dmc_zfree): its value is never read again, so
 * the zone is not split along its differences */
static int dmc_zis_free(const int *d, int n, int x)
{
	if (d[x] != 0)
		return 0;
	for (int j = 0; j < n; j++)
		if (j != x && d[x * n + j] != DMC_ZINF)
			return 0;
	return 1;
}

/* the zone meets side s of difference constraint g (1: g, 0: not g) */
static int dmc_zmeets(const int *d, int n, const int *g, int s)
{
	/* an empty zone (partners whose constraints do not meet) passes
	 * on one side: the split never blocks inside a step */
	if (dmc_zempty(d) || dmc_zis_free(d, n, g[0]) || dmc_zis_free(d, n, g[1]))
		return s;
	if (s)
		return dmc_zadd(d[g[1] * n + g[0]], g[2]) >= 0;
	return dmc_zadd(d[g[0] * n + g[1]], -g[2] - 1) >= 0;
}

/* the zone cut down to side s of g (where it meets it) */
static inline void dmc_zcut(int *d, int n, const int *g, int s)
{
	if (dmc_zempty(d) || dmc_zis_free(d, n, g[0]) || dmc_zis_free(d, n, g[1]))
		return;
	if (s)
		dmc_zconstrain(d, n, g[0], g[1], g[2]);
	else
		dmc_zconstrain(d, n, g[1], g[0], -g[2] - 1);
}

/* the first of the nd constraints g the zone lies on both sides of
 * (neither of its clocks freed), or -1 */
static inline int dmc_zundecided_at(const int *d, int n, const int *g, int nd)
{
	for (int q = 0; q < nd; q++)
		if (dmc_zmeets(d, n, g + 3 * q, 1) && dmc_zmeets(d, n, g + 3 * q, 0))
			return q;
	return -1;
}

/* k-normalisation (one constant k for every clock): a bound beyond k
 * becomes infinite, one below -k becomes (-k, <) */
static void dmc_zknorm(int *d, int n, int k)
{
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			int *c = &d[i * n + j];
			if (i == j || *c == DMC_ZINF)
				continue;
			if (*c > dmc_zbound(k, 0))
				*c = DMC_ZINF;
			else if (*c < dmc_zbound(-k, 0))
				*c = dmc_zbound(-k, 1);
		}
	dmc_zclose(d, n);
}

/* the normalisation of a zone split along the nd constraints g (3 ints
 * each): k-normalised with k the largest of m[1..n), then intersected
 * with the side of each constraint it lies on */
static inline void dmc_zdiag_norm(int *d, int n, const int *m, const int *g, int nd)
{
	unsigned char side[DMC_ZMAXDIAG];
	int k = 0;
	if (dmc_zempty(d))
		return;
	for (int i = 1; i < n; i++)
		k = m[i] > k ? m[i] : k;
	for (int q = 0; q < nd && q < DMC_ZMAXDIAG; q++) {
		const int *h = g + 3 * q;
		side[q] = dmc_zis_free(d, n, h[0]) || dmc_zis_free(d, n, h[1]) ? 2
			: d[h[0] * n + h[1]] <= h[2] ? 1 : !dmc_zmeets(d, n, h, 1) ? 0 : 2;
	}
	dmc_zknorm(d, n, k);
	for (int q = 0; q < nd && q < DMC_ZMAXDIAG; q++) {
		const int *h = g + 3 * q;
		if (side[q] == 1)
			dmc_zconstrain(d, n, h[0], h[1], h[2]);
		else if (side[q] == 0)
			dmc_zconstrain(d, n, h[1], h[0], -h[2] - 1);
	}
}
