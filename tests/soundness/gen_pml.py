#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
"""gen_pml.py -- a seeded generator of small random Promela models for the
differential tester (tests/soundness/differential.sh).

    python3 gen_pml.py SEED > model.pml

The same seed always gives the same model (random.Random(SEED), nothing
else is read).  A model has 1-4 proctypes (active ones, and ones run with
parameters by init or by an active process), global and local bit/bool/
byte/short/int variables and arrays, an mtype, buffered and rendezvous
channels (sorted send, random receive, eval, polls), if/do with else and
break, goto and labels, atomic, d_step, unless, timeout, end labels,
select and for, assertions and expressions over all of them (arithmetic,
/ and %, bitwise operators and shifts, conditional expressions, len,
_pid, _nr_pr, and in some models pc_value).

About two models in three also draw from a second random stream
(random.Random(SEED * 1000003 + 17)): typedef structs (scalar, array and
nested struct fields, field initialisers, global and local structs and
arrays of structs, structs sent and received whole on channels of their
own), inline definitions (a variable and expressions as parameters) and
their calls, remote references P[pid]:var and P[pid]@label to active
processes declared earlier (their pids are fixed), a never claim or an
ltl formula whose safety part pan checks without -a, and priorities on
proctypes, on run, set_priority and get_priority.  A model that draws
none of them is the model the seed gave before these were added (about
a third of the seeds); one that does differs from it.

Three choices per model vary its kind: a calm model gives every
statement that may block a timeout escape (fewer invalid end states); a
prunable one indexes arrays by constants only and keeps asserts and
arrays out of d_steps, so that dmc's dead-end pruning stays on (it is
switched off where an error may hide from the targets); and most
assertions are violated only where two or three variables hold given
values at once.  About half the models have a violation.

The state space is kept small: every loop is bounded by a counter of its
own, values assigned to short/int are taken modulo a small number, gotos
only jump forward, and init runs each spawned proctype at most twice.

What is left out, and why:
  * division and modulo by anything but a positive constant (a zero
    divisor is undefined in pan's C);
  * array indices that may be out of bounds (pan stops with "index out
    of range", an error the heuristics do not target: issue 13's models
    in tests/models/soundness cover it);
  * bit and bool variables assigned anything but a condition (SPIN
    warns of the truncation; the generator keeps them in their domain);
  * empty/nempty/full/nfull other than as a whole guard (SPIN rejects
    them negated or inside || );
  * receives, sends and blocking statements inside d_step (pan stops
    with "blocking stmnt in d_step"), gotos into or out of atomic and
    d_step sequences and backward gotos (unconditional loops);
  * an else beside a send, a receive or a channel test: SPIN rejects it
    ("dubious use of 'else' combined with i/o");
  * enabled(): spin -t's simulator and pan disagree on it for a process
    at its end that may not terminate yet (pan: not enabled), so even
    SPIN's own trail of `assert(enabled(0))` does not replay the
    violation (found by this tester, seed 6022);
  * a label on a d_step or a loop flowing into one ("jump into d_step
    sequence": each d_step is preceded by a skip);
  * progress and accept labels (safety only; claims are checked for
    their safety part only);
  * remote references in d_step (SPIN rejects them), to processes
    started by run (their pids depend on the run) and to a proctype not
    yet declared;
  * whole-struct assignment (SPIN rejects it), and conditional
    expressions as inline arguments (SPIN misparses them).
"""
import random
import sys

INT_TYPES = ("byte", "short", "int")
BOOL_TYPES = ("bit", "bool")
MTYPES = ("RED", "GREEN", "BLUE")


class Var:
    def __init__(self, name, typ, size=None, ctl=False, field=False):
        self.ctl = ctl            # a loop counter or index: never assigned
        self.name = name
        self.typ = typ
        self.size = size          # array length, or None
        self.field = field        # a field of a struct: declared with it

    def ref(self, idx):
        return self.name if self.size is None else "%s[%s]" % (self.name, idx)


class Chan:
    def __init__(self, name, cap, fields):
        self.name = name
        self.cap = cap            # 0: rendezvous
        self.fields = fields      # "byte" or "mtype" per field


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.labels = 0
        self.use_mtype = self.r.random() < 0.5
        self.p_plain = self.r.uniform(0.0, 0.3)
        # a calm model gives whatever may block a timeout escape, so that
        # not every model has an invalid end state
        self.calm = self.r.random() < 0.5
        # a prunable model gives the dead-end pruning of hL, hU, dL and pdb
        # a chance: array indices are constants, and d_steps hold neither
        # asserts nor arrays (the targets cannot locate an error there)
        self.prunable = self.r.random() < 0.6
        self.in_dstep = False
        # pc_value(): dmc builds pan with -DNOREDUCE
        self.pc_ops = self.r.random() < 0.15
        self.globals = []
        self.chans = []
        self.out = []
        # The constructs added later (typedef, inline, remote references,
        # never claims and ltl, priorities) draw from a stream of their
        # own: a model without them is the one the seed gave before, and
        # a model with them keeps what the main stream draws where it can.
        self.x = random.Random(seed * 1000003 + 17)
        ext = self.x.random() < 0.7
        self.use_structs = ext and self.x.random() < 0.5
        self.use_inlines = ext and self.x.random() < 0.5
        self.use_remote = ext and self.x.random() < 0.4
        self.use_claim = ext and self.x.random() < 0.3
        # not with a claim: pan and spin -t then disagree on get_priority
        # (pan counts the claim among the processes; seed 5023)
        self.use_priority = ext and self.x.random() < 0.3 and not self.use_claim
        self.typedefs = []        # (name, [(field, typ, size)])
        self.structs = []         # (reference, typedef name): whole structs
        self.schans = []          # (channel, typedef name, capacity): struct messages
        self.inlines = []         # (name, number of expression parameters)
        self.procinfo = []        # (name, pids, labels, scalar locals)

    # ------------------------------------------------------------ helpers
    def chance(self, p):
        return self.r.random() < p

    def pick(self, seq):
        return self.r.choice(seq)

    def label(self, prefix="L"):
        self.labels += 1
        return "%s%d" % (prefix, self.labels)

    def scope_vars(self, scope, types=None, writable=False):
        vs = self.globals + scope["locals"]
        if writable:
            vs = [v for v in vs if not v.ctl]
        if self.in_dstep and self.prunable:
            vs = [v for v in vs if v.size is None]
        if types is not None:
            vs = [v for v in vs if v.typ in types]
        return vs

    # -------------------------------------------------------- expressions
    def index(self, v, scope):
        """An index that is always within the array's bounds."""
        small = [x for x in self.scope_vars(scope, ("byte",) + BOOL_TYPES)
                 if x.size is None]
        if small and not self.prunable and self.chance(0.5):
            return "%s %% %d" % (self.pick(small).name, v.size)
        return str(self.r.randrange(v.size))

    def var_ref(self, scope, types, writable=False):
        vs = self.scope_vars(scope, types, writable)
        if not vs:
            return None
        v = self.pick(vs)
        return v.ref(self.index(v, scope) if v.size else None)

    def atom(self, scope):
        if self.use_remote and self.x.random() < 0.08:
            ref = self.remote_var()
            if ref:
                return ref
        k = self.r.random()
        if k < 0.35:
            ref = self.var_ref(scope, INT_TYPES + BOOL_TYPES)
            if ref:
                return ref
        if k < 0.42:
            return "_pid"
        if k < 0.45:
            return "_nr_pr"
        if k < 0.55 and scope["params"]:
            return self.pick(scope["params"])
        if k < 0.62:
            buffered = [c for c in self.chans if c.cap > 0]
            if buffered:
                return "len(%s)" % self.pick(buffered).name
        if k < 0.63 and self.pc_ops:
            # pid 0 always exists
            return "pc_value(0)"
        return str(self.r.randrange(0, 6))

    def expr(self, scope, depth=2):
        if depth <= 0 or self.chance(0.4):
            return self.atom(scope)
        k = self.r.random()
        a = self.expr(scope, depth - 1)
        if k < 0.45:
            op = self.pick(("+", "-", "*", "+", "-", "&", "|", "^"))
            return "(%s %s %s)" % (a, op, self.expr(scope, depth - 1))
        if k < 0.5:
            return "(%s %s %d)" % (a, self.pick(("<<", ">>")), self.r.randrange(0, 3))
        if k < 0.65:
            return "(%s %s %d)" % (a, self.pick(("/", "%")), self.r.randrange(1, 5))
        if k < 0.8:
            return "(%s -> %s : %s)" % (self.cond(scope, depth - 1), a,
                                        self.expr(scope, depth - 1))
        return a

    def cond(self, scope, depth=2):
        if self.use_remote and self.x.random() < 0.06:
            ref = self.remote_label()
            if ref:
                return ref
        k = self.r.random()
        if depth <= 0 or k < 0.55:
            rel = self.pick(("==", "!=", "<", "<=", ">", ">="))
            return "(%s %s %s)" % (self.expr(scope, 1), rel, self.expr(scope, 1))
        if k < 0.65:
            b = self.var_ref(scope, BOOL_TYPES)
            if b:
                return b if self.chance(0.5) else "!(%s)" % b
        if k < 0.72 and self.use_mtype:
            m = self.var_ref(scope, ("mtype",))
            if m:
                return "(%s == %s)" % (m, self.pick(MTYPES))
        if k < 0.78:
            return "!(%s)" % self.cond(scope, depth - 1)
        op = self.pick(("&&", "||"))
        return "(%s %s %s)" % (self.cond(scope, depth - 1), op,
                               self.cond(scope, depth - 1))

    # --------------------------------------------------------- statements
    def assertion(self, scope):
        """Mostly assertions violated only where two or three variables
        hold given values at once, so that about half the models hold."""
        if self.chance(self.p_plain):
            return "assert(%s)" % self.cond(scope)
        eqs = self.equalities(scope, self.r.randrange(2, 4))
        if not eqs:
            return "assert(%s)" % self.cond(scope)
        return "assert(!(%s))" % " && ".join(eqs)

    def equalities(self, scope, n):
        """n tests "variable == value" (fewer when there is no variable)."""
        eqs = []
        for _ in range(n):
            vs = self.scope_vars(scope, INT_TYPES + BOOL_TYPES + ("mtype",))
            if not vs:
                break
            v = self.pick(vs)
            ref = v.ref(self.index(v, scope) if v.size else None)
            if v.typ == "mtype":
                val = self.pick(MTYPES)
            elif v.typ in BOOL_TYPES:
                val = str(self.r.randrange(0, 2))
            else:
                val = str(self.r.randrange(0, 5))
            eqs.append("%s == %s" % (ref, val))
        return eqs

    def assign(self, scope):
        vs = self.scope_vars(scope, INT_TYPES + BOOL_TYPES + ("mtype",), True)
        if not vs:
            return "skip"
        v = self.pick(vs)
        ref = v.ref(self.index(v, scope) if v.size else None)
        if v.typ in BOOL_TYPES:
            return "%s = %s" % (ref, self.cond(scope, 1))
        if v.typ == "mtype":
            return "%s = %s" % (ref, self.pick(MTYPES))
        k = self.r.random()
        if k < 0.2:
            return "%s = (%s < %d -> %s + 1 : 0)" % (ref, ref, self.r.randrange(2, 4), ref)
        if k < 0.4:
            return "%s = %d" % (ref, self.r.randrange(0, 5))
        return "%s = (%s) %% %d" % (ref, self.expr(scope), self.r.randrange(2, 6))

    def field_value(self, scope, typ):
        if typ == "mtype":
            m = self.var_ref(scope, ("mtype",))
            return m if m and self.chance(0.4) else self.pick(MTYPES)
        return self.expr(scope, 1)

    def send(self, scope, c):
        vals = [self.field_value(scope, t) for t in c.fields]
        op = "!!" if c.cap > 0 and self.chance(0.15) else "!"
        return "%s %s %s" % (c.name, op, ", ".join(vals))

    def recv_arg(self, scope, typ, poll):
        k = self.r.random()
        if typ == "mtype":
            if k < 0.4:
                return self.pick(MTYPES)
            if not poll and k < 0.8:
                m = self.var_ref(scope, ("mtype",), True)
                if m:
                    return m
            return "_"
        if k < 0.25:
            return str(self.r.randrange(0, 4))
        if k < 0.45:
            v = self.var_ref(scope, INT_TYPES)
            if v:
                return "eval(%s)" % v
        if not poll and k < 0.85:
            v = self.var_ref(scope, INT_TYPES, True)
            if v:
                return v
        return "_"

    def recv(self, scope, c):
        poll = c.cap > 0 and self.chance(0.15)
        args = []
        for t in c.fields:
            a = self.recv_arg(scope, t, poll)
            # SPIN rejects one variable in two fields of a receive
            args.append("_" if a in args and not a[0].isdigit() else a)
        op = "??" if c.cap > 0 and self.chance(0.15) else "?"
        if poll:
            return "%s %s [%s]" % (c.name, op, ", ".join(args))
        return "%s %s %s" % (c.name, op, ", ".join(args))

    def guard(self, scope):
        """A branch guard; the second value says whether it is channel i/o
        or a channel test (SPIN rejects an else beside either)."""
        k = self.r.random()
        if self.chans and k < 0.3:
            c = self.pick(self.chans)
            io = self.send(scope, c) if self.chance(0.5) else self.recv(scope, c)
            return io, True
        buffered = [c for c in self.chans if c.cap > 0]
        if buffered and k < 0.37:
            c = self.pick(buffered)
            return "%s(%s)" % (self.pick(("empty", "nempty", "full", "nfull")), c.name), True
        if k < 0.42:
            return "timeout", False
        if k < 0.47:
            return "true", False
        return self.cond(scope), False

    def branches(self, scope, depth, n):
        out, rv = [], False
        for _ in range(n):
            g, is_rv = self.guard(scope)
            rv = rv or is_rv
            body = self.seq(scope, depth - 1, self.r.randrange(0, 3))
            out.append([g] + body)
        return out, rv

    def if_stmt(self, scope, depth):
        bs, rv = self.branches(scope, depth, self.r.randrange(1, 4))
        if not rv and self.chance(0.5):
            bs.append(["else"] + self.seq(scope, depth - 1, self.r.randrange(0, 2)))
        elif self.calm:
            bs.append(["timeout"])
        return ("if", bs)

    def escape(self, s):
        """In a calm model, a statement that may block gets a timeout."""
        return ("if", [[s], ["timeout"]]) if self.calm else s

    def do_stmt(self, scope, depth):
        """A loop bounded by a counter of its own."""
        cnt = Var("k%d" % len(scope["locals"]), "byte", ctl=True)
        scope["locals"].append(cnt)
        bound = self.r.randrange(1, 4)
        bs, rv = self.branches(scope, depth, self.r.randrange(0, 2))
        body = [["%s < %d" % (cnt.name, bound), "%s++" % cnt.name]
                + self.seq(scope, depth - 1, self.r.randrange(1, 3))]
        for b in bs:
            if self.calm:
                body.append(["%s < %d" % (cnt.name, bound), "%s++" % cnt.name,
                             ("if", [b, ["timeout"]])])
            else:
                body.append([b[0], "%s < %d" % (cnt.name, bound), "%s++" % cnt.name] + b[1:])
        exit_g = "%s >= %d" % (cnt.name, bound) if rv or self.chance(0.7) else "else"
        body.append([exit_g, "break"])
        return ("do", body)

    def det_stmt(self, scope, depth):
        """What d_step may hold: nothing that blocks."""
        k = self.r.random()
        if depth > 0 and k < 0.25:
            bs = [[self.cond(scope)] + self.det_seq(scope, depth - 1)
                  for _ in range(self.r.randrange(1, 3))]
            bs.append(["else"] + self.det_seq(scope, depth - 1))
            return ("if", bs)
        if k < 0.4 and not self.prunable:
            return self.assertion(scope)
        return self.assign(scope)

    def det_seq(self, scope, depth):
        saved, self.in_dstep = self.in_dstep, True
        seq = [self.det_stmt(scope, depth) for _ in range(self.r.randrange(1, 3))]
        self.in_dstep = saved
        return seq

    def stmt(self, scope, depth):
        if self.x.random() < 0.12:
            s = self.ext_stmt(scope)
            if s:
                return s
        k = self.r.random()
        if depth > 0 and k < 0.12:
            return self.if_stmt(scope, depth)
        if depth > 0 and k < 0.2:
            return self.do_stmt(scope, depth)
        if depth > 0 and k < 0.26:
            return ("atomic", self.seq(scope, depth - 1, self.r.randrange(1, 3)))
        if depth > 0 and k < 0.31:
            return ("d_step", self.det_seq(scope, depth - 1))
        if depth > 0 and k < 0.35:
            return ("unless", self.seq(scope, depth - 1, self.r.randrange(1, 3)),
                    [self.cond(scope)] + self.seq(scope, depth - 1, self.r.randrange(0, 2)))
        if depth > 0 and k < 0.38:
            i = self.loop_var(scope)
            lo = self.r.randrange(0, 2)
            return ("for", "%s : %d .. %d" % (i, lo, lo + self.r.randrange(0, 3)),
                    self.seq(scope, depth - 1, self.r.randrange(1, 2)))
        if k < 0.41:
            i = self.loop_var(scope)
            return "select (%s : 0 .. %d)" % (i, self.r.randrange(1, 3))
        if self.chans and k < 0.55:
            c = self.pick(self.chans)
            return self.escape(self.send(scope, c) if self.chance(0.5) else self.recv(scope, c))
        if k < 0.65:
            return self.assertion(scope)
        if k < 0.68:
            return self.escape(self.cond(scope, 1))   # a blocking condition
        if k < 0.70:
            return "timeout"
        return self.assign(scope)

    def loop_var(self, scope):
        v = Var("i%d" % len(scope["locals"]), "byte", ctl=True)
        scope["locals"].append(v)
        return v.name

    def seq(self, scope, depth, n):
        return [self.stmt(scope, depth) for _ in range(n)]

    # ------------------------------------------ the constructs of self.x
    def ext(self, f, *args):
        """f(*args) drawing from self.x: the main stream is left as is."""
        saved, self.r = self.r, self.x
        try:
            return f(*args)
        finally:
            self.r = saved

    def remote(self, field):
        """(P, pid, item) for a remote reference into an active process
        declared earlier (its pid is known: active processes get theirs in
        declaration order), item one of its procinfo[field] (2: labels,
        3: scalar locals); None if there is none."""
        if self.in_dstep:          # SPIN rejects them in d_step
            return None
        ps = [p for p in self.procinfo if p[1] and p[field]]
        if not ps:
            return None
        p = self.x.choice(ps)
        return p[0], self.x.choice(p[1]), self.x.choice(p[field])

    def remote_var(self):
        """P[pid]:v, a local of an active process."""
        r = self.remote(3)
        return r and "%s[%d]:%s" % r

    def remote_label(self):
        """P[pid]@label, or its negation."""
        r = self.remote(2)
        if not r:
            return None
        ref = "%s[%d]@%s" % r
        return ref if self.x.random() < 0.6 else "!(%s)" % ref

    def ext_stmt(self, scope):
        """An inline call, a struct sent or received, or a priority set;
        None when the model has none of these."""
        kinds = []
        if self.inlines and not self.in_dstep:
            kinds.append("inline")
        if self.schans:
            kinds.append("struct-io")
        if self.use_priority and not self.rendezvous():
            kinds.append("priority")
        if self.use_remote and self.procinfo:
            kinds.append("remote")
        if not kinds:
            return None
        k = self.x.choice(kinds)
        if k == "inline":
            name, nexpr = self.x.choice(self.inlines)
            target = self.ext(self.var_ref, scope, INT_TYPES, True)
            if not target:
                return None
            # no conditional expression: SPIN misparses one as an argument
            args = [target] + ["(%s + %s)" % (self.ext(self.atom, scope), self.x.randrange(0, 3))
                               for _ in range(nexpr)]
            return "%s(%s)" % (name, ", ".join(args))
        if k == "struct-io":
            c, tname, _ = self.x.choice(self.schans)
            refs = [r for r, t in self.structs + scope.get("structs", []) if t == tname]
            if not refs:
                return None
            op = "!" if self.x.random() < 0.5 else "?"
            return self.escape("%s %s %s" % (c, op, self.x.choice(refs)))
        if k == "priority":
            if self.x.random() < 0.5:
                return "set_priority(_pid, %d)" % self.x.randrange(1, 4)
            return self.ext(self.assertion, scope).replace(
                "assert(", "assert(get_priority(_pid) != %d || " % self.x.randrange(1, 4), 1)
        if k == "remote":
            ref = self.remote_label()
            if not ref:
                return None
            if self.x.random() < 0.5:
                return "assert(!(%s && %s))" % (ref, " && ".join(
                    self.ext(self.equalities, scope, 1)) or "true")
            return self.escape(ref)       # wait for another process
        return None

    def typedef(self, i):
        """typedef Ti: scalar and array fields, and maybe a struct field
        of the typedef declared before."""
        fields = []
        for j in range(self.x.randrange(1, 4)):
            typ = self.x.choice(INT_TYPES + BOOL_TYPES + (("mtype",) if self.use_mtype else ()))
            size = 2 if self.x.random() < 0.3 else None
            fields.append(("f%d" % j, typ, size))
        if self.typedefs and self.x.random() < 0.4:
            fields.append(("n", self.typedefs[-1][0], None))
        name = "T%d" % i
        self.typedefs.append((name, fields))
        text = []
        for f, typ, size in fields:
            init = ""
            if size is None and typ in INT_TYPES + BOOL_TYPES and self.x.random() < 0.3:
                init = " = %d" % self.x.randrange(0, 2)
            text.append("%s %s%s%s" % (typ, f, "[%d]" % size if size else "", init))
        self.out.append("typedef %s { %s };" % (name, "; ".join(text)))

    def flatten(self, ref, tname):
        """The fields of the struct ref, as variables, and the structs."""
        fields = dict(self.typedefs)[tname]
        vs, ss = [], [(ref, tname)]
        for f, typ, size in fields:
            if typ in dict(self.typedefs):
                v, s = self.flatten("%s.%s" % (ref, f), typ)
                vs += v
                ss += s
            else:
                vs.append(Var("%s.%s" % (ref, f), typ, size, field=True))
        return vs, ss

    def struct_vars(self, prefix):
        """Declarations of struct variables (some arrays of structs)."""
        decls, vs, ss = [], [], []
        for i in range(self.x.randrange(1, 3)):
            tname = self.x.choice(self.typedefs)[0]
            name = "%s%d" % (prefix, i)
            n = 2 if self.x.random() < 0.35 else None
            decls.append("%s %s%s;" % (tname, name, "[%d]" % n if n else ""))
            for ref in (["%s[%d]" % (name, e) for e in range(n)] if n else [name]):
                v, s = self.flatten(ref, tname)
                vs += v
                ss += s
        return decls, vs, ss

    def inline_def(self, i):
        """inline updI(x, e...): x a variable of an integer type, e's
        expressions; a body that neither loops nor declares."""
        nexpr = self.x.randrange(0, 3)
        params = ["e%d" % j for j in range(nexpr)]
        scope = {"locals": [Var("x", "byte")], "params": params}
        body = []
        for _ in range(self.x.randrange(1, 4)):
            k = self.x.random()
            if k < 0.3:
                body.append(self.ext(self.assign, scope))
            elif k < 0.5:
                body.append(self.ext(self.assertion, scope))
            elif k < 0.7:
                body.append(("if", [[self.ext(self.cond, scope), self.ext(self.assign, scope)],
                                    ["else", "skip"]]))
            elif k < 0.8:
                body.append(("d_step", self.ext(self.det_seq, scope, 1)))
            elif k < 0.9:
                body.append(("atomic", [self.ext(self.assign, scope),
                                        self.ext(self.assertion, scope)]))
            else:
                body.append(self.ext(self.escape, self.ext(self.cond, scope, 1)))
        name = "upd%d" % i      # not f0: SPIN's lexer takes a field for a call
        self.inlines.append((name, nexpr))
        self.out.append("inline %s(%s) {" % (name, ", ".join(["x"] + params)))
        for st in body:
            self.emit(st, 1)
        self.out.append("}")
        self.out.append("")

    def claim_prop(self):
        scope = {"locals": [], "params": []}
        eqs = self.ext(self.equalities, scope, self.x.randrange(1, 3))
        if self.use_remote and self.x.random() < 0.3:
            ref = self.remote_label()
            if ref:
                eqs.append(ref)
        return "(%s)" % (" && ".join(eqs) or "false")

    def claim(self):
        """A small never claim or ltl formula; pan without -a checks its
        safety part: a claim that reaches its end is a violation."""
        p, q = self.claim_prop(), self.claim_prop()
        k = self.x.randrange(5)
        if k == 0:      # [] !p
            self.out.append("never { do :: %s -> break :: else od }" % p)
        elif k == 1:    # p, later q
            self.out.append("never {\n\tdo :: %s -> break :: else od;\n"
                            "\tdo :: %s -> break :: else od\n}" % (p, q))
        elif k == 2:    # blocks (no violation) where p holds before q
            self.out.append("never { do :: !%s :: %s -> break od }" % (p, q))
        elif k == 3:
            self.out.append("ltl c0 { [] !%s }" % p)
        else:
            self.out.append("ltl c0 { !%s U %s }" % (p, q))

    def rendezvous(self):
        """pan refuses priorities beside rendezvous channels (#error)."""
        return any(c.cap == 0 for c in self.chans) or any(cap == 0 for _, _, cap in self.schans)

    def priority(self):
        return " priority %d" % self.x.randrange(1, 4) if self.use_priority \
            and not self.rendezvous() and self.x.random() < 0.5 else ""

    # ------------------------------------------------------------ printing
    def emit(self, s, ind):
        pad = "\t" * ind
        if isinstance(s, str):
            self.out.append(pad + s + ";")
            return
        kind = s[0]
        if kind in ("if", "do"):
            self.out.append(pad + kind)
            for b in s[1]:
                self.out.append(pad + ":: " + self.inline(b[0]) + (" ->" if len(b) > 1 else ""))
                for x in b[1:]:
                    self.emit(x, ind + 1)
            self.out.append(pad + ("fi;" if kind == "if" else "od;"))
        elif kind in ("atomic", "d_step"):
            if kind == "d_step":
                # SPIN takes the end of a loop, an if or a for flowing
                # into a d_step for a "jump into d_step sequence"
                self.out.append(pad + "skip;")
            self.out.append(pad + kind + " {")
            for x in s[1]:
                self.emit(x, ind + 1)
            self.out.append(pad + "};")
        elif kind == "unless":
            self.out.append(pad + "{")
            for x in s[1]:
                self.emit(x, ind + 1)
            self.out.append(pad + "} unless {")
            for x in s[2]:
                self.emit(x, ind + 1)
            self.out.append(pad + "};")
        elif kind == "for":
            self.out.append(pad + "for (%s) {" % s[1])
            for x in s[2]:
                self.emit(x, ind + 1)
            self.out.append(pad + "};")
        elif kind == "label":
            self.out.append(pad[:-1] + s[1] + ":")
            self.emit(s[2], ind)
        else:
            raise ValueError(kind)

    def inline(self, s):
        if isinstance(s, str):
            return s
        saved, self.out = self.out, []
        self.emit(s, 0)
        text, self.out = " ".join(x.strip() for x in self.out).rstrip(";"), saved
        return text

    # ------------------------------------------------------------ the model
    def decl_vars(self, prefix, n):
        vs = []
        for i in range(n):
            typ = self.pick(INT_TYPES + BOOL_TYPES + (("mtype",) if self.use_mtype else ()))
            size = self.r.randrange(2, 4) if self.chance(0.25) else None
            vs.append(Var("%s%d" % (prefix, i), typ, size))
        return vs

    def decl_text(self, v):
        init = ""
        if v.size is None and self.chance(0.4):
            if v.typ == "mtype":
                init = " = " + self.pick(MTYPES)
            elif v.typ in BOOL_TYPES:
                init = " = " + self.pick(("0", "1", "true", "false"))
            else:
                init = " = %d" % self.r.randrange(0, 4)
        size = "[%d]" % v.size if v.size else ""
        return "%s %s%s%s;" % (v.typ, v.name, size, init)

    def body(self, scope):
        """A process body: top-level statements, some labelled, forward gotos."""
        stmts = self.seq(scope, 2, self.r.randrange(2, 6))
        labels = [None] * len(stmts)
        for i in range(1, len(stmts)):
            # a label on a d_step is a "jump into d_step sequence"
            if self.chance(0.25) and not (isinstance(stmts[i], tuple) and stmts[i][0] == "d_step"):
                labels[i] = self.label("end" if self.chance(0.4) else "L")
        out = []
        for i, s in enumerate(stmts):
            later = [l for l in labels[i + 1:] if l]
            if later and self.chance(0.3):
                out.append(("if", [[self.cond(scope), "goto " + self.pick(later)],
                                   ["else", "skip"]]))
            out.append(("label", labels[i], s) if labels[i] else s)
        if self.chance(0.2):
            # a server loop: blocking at its end label is a valid end state
            srv = self.do_stmt(scope, 1)
            out.append(("label", self.label("end"), srv))
        return out

    def proctype(self, name, active, params, runs=()):
        scope = {"locals": self.decl_vars("%s_v" % name.lower(), self.r.randrange(0, 3)),
                 "params": [p for p, _ in params]}
        sdecls = []
        if self.typedefs and self.x.random() < 0.3:
            sdecls, vs, scope["structs"] = self.struct_vars("%s_s" % name.lower())
            scope["locals"] += vs
        body = self.body(scope)
        if runs:
            body.insert(self.r.randrange(0, len(body) + 1), runs[0])
        head = "active [%d] proctype" % active if active else "proctype"
        ptext = "; ".join("%s %s" % (t, p) for p, t in params)
        self.out.append("%s %s(%s)%s {" % (head, name, ptext, self.priority()))
        for v in scope["locals"]:
            if not v.field:
                self.out.append("\t" + self.decl_text(v))
        for d in sdecls:
            self.out.append("\t" + d)
        pids = list(range(self.npids, self.npids + active))
        self.npids += active
        labels = [st[1] for st in body if isinstance(st, tuple) and st[0] == "label"]
        scalars = [v.name for v in scope["locals"] if v.size is None and not v.field]
        self.procinfo.append((name, pids, labels, scalars))
        for s in body:
            self.emit(s, 1)
        self.out.append("}")
        self.out.append("")

    def model(self, seed):
        self.out.append("/* gen_pml.py seed %d */" % seed)
        if self.use_mtype:
            self.out.append("mtype = { %s };" % ", ".join(MTYPES))
        if self.use_structs:
            for i in range(self.x.randrange(1, 3)):
                self.typedef(i)
        self.globals = self.decl_vars("g", self.r.randrange(1, 5))
        for i in range(self.r.randrange(0, 3)):
            cap = self.pick((0, 1, 1, 2))
            fields = [self.pick(("byte", "mtype") if self.use_mtype else ("byte",))
                      for _ in range(self.r.randrange(1, 3))]
            self.chans.append(Chan("c%d" % i, cap, fields))
        for v in self.globals:
            self.out.append(self.decl_text(v))
        for c in self.chans:
            self.out.append("chan %s = [%d] of { %s };" % (c.name, c.cap, ", ".join(c.fields)))
        if self.typedefs:
            decls, vs, self.structs = self.struct_vars("s")
            self.out += decls
            self.globals += vs
            for i in range(self.x.randrange(0, 2)):
                t = self.x.choice(self.typedefs)[0]
                cap = self.x.choice((0, 1, 2))
                self.schans.append(("cs%d" % i, t, cap))
                self.out.append("chan cs%d = [%d] of { %s };" % (i, cap, t))
        self.out.append("")
        if self.use_inlines:
            for i in range(self.x.randrange(1, 3)):
                self.inline_def(i)
        self.npids = 0
        nproc = self.r.randrange(1, 5)
        spawned = []
        by_active = None
        for i in reversed(range(nproc)):
            name = "P%d" % i
            if i > 0 and self.chance(0.4):
                params = [("a%d" % j, self.pick(("byte", "int")))
                          for j in range(self.r.randrange(0, 3))]
                spawned.append((name, params))
                self.proctype(name, 0, params)
            elif spawned and by_active is None and self.chance(0.3):
                # an active process runs the proctype declared last
                by_active = spawned.pop()
                self.proctype(name, 1, [], [self.run_stmt(*by_active)])
            else:
                self.proctype(name, self.pick((1, 1, 1, 2)), [])
        if spawned:
            self.init(spawned)
        if self.use_claim:
            self.out.append("")
            self.claim()
        return "\n".join(self.out) + "\n"

    def run_stmt(self, name, params):
        args = ", ".join(str(self.r.randrange(0, 4)) for _ in params)
        return "run %s(%s)%s" % (name, args, self.priority())

    def init(self, spawned):
        scope = {"locals": [], "params": []}
        runs = []
        for name, params in spawned:
            for _ in range(self.pick((1, 1, 2))):
                runs.append(self.run_stmt(name, params))
        tail = self.seq(scope, 1, self.r.randrange(0, 3))
        self.out.append("init {")
        for v in scope["locals"]:
            self.out.append("\t" + self.decl_text(v))
        if self.chance(0.6):
            self.emit(("atomic", runs), 1)
        else:
            for x in runs:
                self.emit(x, 1)
        for s in tail:
            self.emit(s, 1)
        self.out.append("}")


def main():
    if len(sys.argv) != 2:
        sys.stderr.write("usage: gen_pml.py SEED\n")
        return 2
    seed = int(sys.argv[1])
    sys.stdout.write(Gen(seed).model(seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
