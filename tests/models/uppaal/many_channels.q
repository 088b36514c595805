// satisfied: S and R meet on c[299], then on d[9]
E<> R.got
E<> R.end and S.s2
// NOT satisfied: nobody sends on c[5]
E<> R.wrong
// satisfied: R is never in wrong
A[] not R.wrong
