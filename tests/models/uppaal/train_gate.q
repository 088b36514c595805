// train_gate.xta's queries, all E<> and A[]: dmc check answers them with
// one build (docs/uppaal.md, "One build per model").  The answers:
// satisfied: a train approaches and the gate is taken
E<> Gate.Occ
// satisfied: each train crosses
E<> Train(0).Cross
E<> Train(1).Cross
// satisfied: one crosses while the other was stopped
E<> Train(0).Cross and Train(1).Stop
// NOT satisfied: a train gets go only when the other has left the
// bridge, and one that approaches then is stopped (Transient is committed)
E<> Train(1).Cross and Train(0).Start
// satisfied: never two trains on the bridge
A[] forall (i : id_t) forall (j : id_t) Train(i).Cross && Train(j).Cross imply i == j
A[] not (Train(0).Cross and Train(1).Cross)
// satisfied: the queue's last slot stays 0, its length at most N
A[] Gate.list[N] == 0
A[] Gate.len <= N
// satisfied: both trains queued
E<> Gate.len == N
// NOT satisfied: the queue holds both trains at some point
A[] Gate.len < N
// NOT satisfied: Appr's invariant x <= 8 (x > 8 is x >= 9 in discrete time)
E<> Train(1).Appr and Train(1).x > 8
// NOT satisfied: a stopped train waits for go, not for a delay
E<> Train(0).Stop and Train(0).x > 5 and Gate.Free and Gate.len == 0
