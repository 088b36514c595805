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
  * progress and accept labels, never claims and ltl (safety only).
"""
import random
import sys

INT_TYPES = ("byte", "short", "int")
BOOL_TYPES = ("bit", "bool")
MTYPES = ("RED", "GREEN", "BLUE")


class Var:
    def __init__(self, name, typ, size=None, ctl=False):
        self.ctl = ctl            # a loop counter or index: never assigned
        self.name = name
        self.typ = typ
        self.size = size          # array length, or None

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
        eqs = []
        for _ in range(self.r.randrange(2, 4)):
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
        if not eqs:
            return "assert(%s)" % self.cond(scope)
        return "assert(!(%s))" % " && ".join(eqs)

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
        body = self.body(scope)
        if runs:
            body.insert(self.r.randrange(0, len(body) + 1), runs[0])
        head = "active [%d] proctype" % active if active else "proctype"
        ptext = "; ".join("%s %s" % (t, p) for p, t in params)
        self.out.append("%s %s(%s) {" % (head, name, ptext))
        for v in scope["locals"]:
            self.out.append("\t" + self.decl_text(v))
        for s in body:
            self.emit(s, 1)
        self.out.append("}")
        self.out.append("")

    def model(self, seed):
        self.out.append("/* gen_pml.py seed %d */" % seed)
        if self.use_mtype:
            self.out.append("mtype = { %s };" % ", ".join(MTYPES))
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
        self.out.append("")
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
        return "\n".join(self.out) + "\n"

    def run_stmt(self, name, params):
        args = ", ".join(str(self.r.randrange(0, 4)) for _ in params)
        return "run %s(%s)" % (name, args)

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
