; Blocks on a table, moved one at a time by a single arm (written for
; spin-dmc's tests; four operators, as in the IPC-2000 STRIPS version).
(define (domain blocks)
  (:requirements :strips :typing :equality)
  (:types block)
  (:predicates (on ?x - block ?y - block) (on-table ?x - block) (clear ?x - block)
               (arm-empty) (holding ?x - block))
  (:action pick-up
    :parameters (?x - block)
    :precondition (and (clear ?x) (on-table ?x) (arm-empty))
    :effect (and (holding ?x) (not (on-table ?x)) (not (clear ?x)) (not (arm-empty))))
  (:action put-down
    :parameters (?x - block)
    :precondition (holding ?x)
    :effect (and (on-table ?x) (clear ?x) (arm-empty) (not (holding ?x))))
  (:action stack
    :parameters (?x - block ?y - block)
    :precondition (and (holding ?x) (clear ?y) (not (= ?x ?y)))
    :effect (and (on ?x ?y) (clear ?x) (arm-empty) (not (holding ?x)) (not (clear ?y))))
  (:action unstack
    :parameters (?x - block ?y - block)
    :precondition (and (on ?x ?y) (clear ?x) (arm-empty))
    :effect (and (holding ?x) (clear ?y) (not (on ?x ?y)) (not (clear ?x)) (not (arm-empty)))))
