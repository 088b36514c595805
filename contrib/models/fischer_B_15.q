E<> P(1).cs && P(2).cs
