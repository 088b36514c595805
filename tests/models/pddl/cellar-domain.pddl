; A match cellar (after the IPC's matchcellar): a fuse is mended only in
; the light of a burning match, over the whole of the mending, so a plan
; needs concurrency: the mending runs inside a match's burning.  A match
; burns out (the light is gone) at its end.  tests/e2e/pddl.sh.
(define (domain cellar)
  (:requirements :typing :durative-actions)
  (:types match fuse)
  (:predicates (light) (handfree) (unused ?m - match) (mended ?f - fuse))
  (:durative-action light-match
    :parameters (?m - match)
    :duration (= ?duration 8)
    :condition (at start (unused ?m))
    :effect (and (at start (not (unused ?m))) (at start (light))
                 (at end (not (light)))))
  (:durative-action mend-fuse
    :parameters (?f - fuse)
    :duration (= ?duration 5)
    :condition (and (at start (handfree)) (over all (light)))
    :effect (and (at start (not (handfree)))
                 (at end (mended ?f)) (at end (handfree)))))
