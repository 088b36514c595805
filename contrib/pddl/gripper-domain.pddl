; A robot with two hands carries balls between rooms (written for
; spin-dmc's tests, after the classic IPC-1998 domain's idea).
(define (domain gripper)
  (:requirements :strips :typing)
  (:types room ball hand)
  (:predicates (robot-at ?r - room)
               (ball-at ?b - ball ?r - room)
               (empty ?h - hand)
               (holding ?h - hand ?b - ball))
  (:action go
    :parameters (?from ?to - room)
    :precondition (robot-at ?from)
    :effect (and (robot-at ?to) (not (robot-at ?from))))
  (:action grab
    :parameters (?b - ball ?r - room ?h - hand)
    :precondition (and (ball-at ?b ?r) (robot-at ?r) (empty ?h))
    :effect (and (holding ?h ?b) (not (ball-at ?b ?r)) (not (empty ?h))))
  (:action release
    :parameters (?b - ball ?r - room ?h - hand)
    :precondition (and (holding ?h ?b) (robot-at ?r))
    :effect (and (ball-at ?b ?r) (empty ?h) (not (holding ?h ?b)))))
