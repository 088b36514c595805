// several queries; forall, deadlock; one dmc skips
sup: P(1).n
E<> forall (i : int[1,2]) P(i).B
A[] not deadlock
E<> exists (i : int[1,2]) a[i] > 0
