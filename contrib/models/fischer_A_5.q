E<> Obs.err
