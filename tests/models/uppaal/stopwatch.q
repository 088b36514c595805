// every query of this file in one run (tests/e2e/uppaal.sh)
E<> Job.done && t == 5
E<> Job.done && t <= 4
A[] Job.done imply t >= 5
sup: t
A[] Pre.b imply Job.e == 2
E<> Job.work && Pre.c && Job.e == 2 && t == 4
Pr[<=10](<> Job.done)
A[] not deadlock
