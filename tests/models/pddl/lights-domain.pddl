; lights in a row: switching one on switches its lit neighbour off (a
; conditional effect under forall); switching one off locks it off for
; good.  Goals ask lights off (negative literals), which hff reads as
; "not on", made true by the actions that delete "on"; a light locked
; and off can never be on again, which hff proves (and relaxed
; reachability, which assumes negative preconditions possible, does not).
(define (domain lights)
  (:requirements :strips :typing :negative-preconditions :conditional-effects)
  (:types light)
  (:predicates (on ?l - light) (next ?a ?b - light) (locked ?l - light))
  (:action switch-on :parameters (?l - light)
    :precondition (and (not (on ?l)) (not (locked ?l)))
    :effect (and (on ?l) (forall (?m - light) (when (and (next ?l ?m) (on ?m)) (not (on ?m))))))
  (:action switch-off :parameters (?l - light)
    :precondition (on ?l)
    :effect (and (not (on ?l)) (locked ?l))))
