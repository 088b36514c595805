// the first query counts
/* comment */
E<> P(1).C && id == 1 && a[2] > 0 && s.f == 1
