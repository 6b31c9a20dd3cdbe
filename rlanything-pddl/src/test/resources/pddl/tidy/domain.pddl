; A small household domain written for the tests of rlanything-pddl: typing, a constant,
; (either ...) types, negative preconditions, equality, disjunction, exists, forall and when.
(define (domain tidy)
  (:requirements :strips :typing :negative-preconditions :equality :adl)
  (:types room item - object
          box tool - item)
  (:constants hall - room)
  (:predicates (at-robot ?r - room) (door ?a - room ?b - room) (in ?i - item ?r - room)
               (holding ?i - item) (hands-free) (dusty ?r - room) (packed ?i - item))
  (:action go
    :parameters (?from ?to - room)
    :precondition (and (at-robot ?from) (or (door ?from ?to) (door ?to ?from)) (not (= ?from ?to)))
    :effect (and (at-robot ?to) (not (at-robot ?from))))
  (:action pick
    :parameters (?i - (either box tool) ?r - room)
    :precondition (and (at-robot ?r) (in ?i ?r) (hands-free))
    :effect (and (holding ?i) (not (in ?i ?r)) (not (hands-free))))
  (:action drop
    :parameters (?i - item ?r - room)
    :precondition (and (at-robot ?r) (holding ?i) (not (hands-free)))
    :effect (and (in ?i ?r) (hands-free) (not (holding ?i))))
  (:action sweep
    :parameters (?r - room)
    :precondition (and (at-robot ?r) (exists (?t - tool) (holding ?t)))
    :effect (and (not (dusty ?r))
                 (forall (?b - box) (when (in ?b ?r) (packed ?b))))))
