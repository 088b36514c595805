E[] P(2).A || s.g
