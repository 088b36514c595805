; p and q exclude each other, but not in the relaxation: the goal (and p
; q) is reachable when deletes are ignored and unreachable in fact.
(define (domain toggle)
  (:requirements :strips :negative-preconditions)
  (:predicates (p) (q) (r))
  (:action set-p :parameters () :precondition (not (p)) :effect (and (p) (not (q))))
  (:action set-q :parameters () :precondition (not (q)) :effect (and (q) (not (p)))))
