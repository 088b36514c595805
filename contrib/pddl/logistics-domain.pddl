; Packages moved by trucks within cities and by airplanes between
; airports (written for spin-dmc's tests, after IPC-1998's logistics).
(define (domain logistics)
  (:requirements :strips :typing)
  (:types truck airplane - vehicle
          package vehicle - physobj
          airport location - place
          city place physobj - object)
  (:predicates (in-city ?p - place ?c - city)
               (at ?o - physobj ?p - place)
               (in ?p - package ?v - vehicle))
  (:action load
    :parameters (?p - package ?v - vehicle ?l - place)
    :precondition (and (at ?v ?l) (at ?p ?l))
    :effect (and (not (at ?p ?l)) (in ?p ?v)))
  (:action unload
    :parameters (?p - package ?v - vehicle ?l - place)
    :precondition (and (at ?v ?l) (in ?p ?v))
    :effect (and (not (in ?p ?v)) (at ?p ?l)))
  (:action drive
    :parameters (?t - truck ?from ?to - place ?c - city)
    :precondition (and (at ?t ?from) (in-city ?from ?c) (in-city ?to ?c))
    :effect (and (not (at ?t ?from)) (at ?t ?to)))
  (:action fly
    :parameters (?a - airplane ?from ?to - airport)
    :precondition (at ?a ?from)
    :effect (and (not (at ?a ?from)) (at ?a ?to))))
