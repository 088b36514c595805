E<> P(1).C
sup: P(1).x
A[] P(1).x <= 5
