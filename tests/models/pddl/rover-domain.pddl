; A rover (after the IPC's rovers, much smaller): it drives, calibrates
; its camera (which may run while it drives), takes a sample and sends it
; while it stays where the lander can see it.  Instantaneous actions mix
; in: the lander opens its channel.  tests/e2e/pddl.sh.
(define (domain rover)
  (:requirements :typing :durative-actions :negative-preconditions)
  (:types rover waypoint)
  (:predicates (at ?r - rover ?w - waypoint) (road ?a ?b - waypoint) (busy ?r - rover)
               (calibrated ?r - rover) (have ?r - rover ?w - waypoint) (visible ?w - waypoint)
               (channel-open) (sent ?w - waypoint))
  (:durative-action drive
    :parameters (?r - rover ?a ?b - waypoint)
    :duration (= ?duration 5)
    :condition (and (at start (at ?r ?a)) (at start (not (busy ?r))) (over all (road ?a ?b)))
    :effect (and (at start (not (at ?r ?a))) (at start (busy ?r))
                 (at end (at ?r ?b)) (at end (not (busy ?r)))))
  (:durative-action calibrate
    :parameters (?r - rover)
    :duration (= ?duration 4)
    :condition (at start (not (calibrated ?r)))
    :effect (at end (calibrated ?r)))
  (:durative-action sample
    :parameters (?r - rover ?w - waypoint)
    :duration (= ?duration 3)
    :condition (and (at start (not (busy ?r))) (at start (calibrated ?r)) (over all (at ?r ?w)))
    :effect (and (at start (busy ?r)) (at end (not (busy ?r))) (at end (have ?r ?w))))
  (:durative-action send
    :parameters (?r - rover ?w ?x - waypoint)
    :duration (= ?duration 2)
    :condition (and (at start (have ?r ?w)) (over all (at ?r ?x)) (over all (visible ?x))
                    (over all (channel-open)))
    :effect (at end (sent ?w)))
  (:action open-channel
    :parameters ()
    :precondition (not (channel-open))
    :effect (channel-open)))
