A<> (P(1).C imply flag) and not (id > 2)
