E<> incross >= 2
