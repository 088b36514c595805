; A robot walking a corridor: durative moves one after another, nothing
; concurrent (a trivially sequential temporal domain).  tests/e2e/pddl.sh.
(define (domain walk)
  (:requirements :typing :durative-actions)
  (:types place)
  (:predicates (at ?p - place) (next ?a ?b - place))
  (:durative-action move
    :parameters (?a ?b - place)
    :duration (= ?duration 2.5)
    :condition (and (at start (at ?a)) (over all (next ?a ?b)))
    :effect (and (at start (not (at ?a))) (at end (at ?b)))))
