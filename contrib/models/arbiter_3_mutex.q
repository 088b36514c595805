E<> (sum (i : client_t) (Client(i).cs ? 1 : 0)) >= 2
