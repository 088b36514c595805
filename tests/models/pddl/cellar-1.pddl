; One fuse, one match: match 0 [8], fuse 0.001 [5]; makespan 8.
(define (problem cellar-1)
  (:domain cellar)
  (:objects m1 - match f1 - fuse)
  (:init (handfree) (unused m1))
  (:goal (mended f1)))
