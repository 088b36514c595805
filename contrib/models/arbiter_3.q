E<> incs >= 2
