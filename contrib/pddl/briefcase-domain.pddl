; A briefcase that carries whatever is in it (written for spin-dmc's
; tests): conditional effects under forall, negative preconditions,
; equality, and an existential precondition.
(define (domain briefcase)
  (:requirements :adl)
  (:types location portable)
  (:predicates (case-at ?l - location) (at ?p - portable ?l - location) (in ?p - portable)
               (road ?from ?to - location) (locked))
  (:action move
    :parameters (?from ?to - location)
    :precondition (and (case-at ?from) (not (= ?from ?to)) (road ?from ?to) (not (locked)))
    :effect (and (case-at ?to) (not (case-at ?from))
                 (forall (?p - portable)
                   (when (in ?p) (and (at ?p ?to) (not (at ?p ?from)))))))
  (:action put-in
    :parameters (?p - portable ?l - location)
    :precondition (and (at ?p ?l) (case-at ?l) (not (in ?p)))
    :effect (in ?p))
  (:action take-out
    :parameters (?p - portable)
    :precondition (in ?p)
    :effect (not (in ?p)))
  (:action lock
    :parameters ()
    :precondition (and (not (locked)) (exists (?p - portable) (in ?p)))
    :effect (locked))
  (:action unlock
    :parameters ()
    :precondition (locked)
    :effect (not (locked))))
