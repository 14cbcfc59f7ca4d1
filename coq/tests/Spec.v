(** * The readable rules (Rules.v) on small examples.

    Each example states a fact of chess in the words of Rules.v and Game.v
    and proves it; a definition that said something else would make this
    file fail to compile.  Facts about the geometry are computed directly
    from the readable definitions; facts about whole moves go through the
    checkers and [RulesFast.legal_move_iff] / [attacked_iff]. *)

From Coq Require Import Uint63 String List.
From RetroProof Require Import Gen.Vocab Board Rules Game.
From RetroProof Require RulesFast RulesCheck Facts.
Import ListNotations.
Open Scope uint63_scope.

(** Squares by name. *)
Definition sq (s : string) : int :=
  match s with
  | String f (String r EmptyString) => match square_of_chars f r with Some x => x | None => 99 end
  | _ => 99
  end.

Example names : sq "a1" = 0 /\ sq "h1" = 7 /\ sq "a2" = 8 /\ sq "e4" = 28 /\ sq "h8" = 63.
Proof. repeat split. Qed.

(** ** Geometry *)

Example knight : knight_jump (sq "g1") (sq "f3") = true /\ knight_jump (sq "g1") (sq "e2") = true
  /\ knight_jump (sq "g1") (sq "g3") = false /\ knight_jump (sq "a1") (sq "h2") = false
  (* no wrapping around the board edge: a1 to h2 is 7 files away *)
  /\ knight_jump (sq "h1") (sq "a3") = false.
Proof. vm_compute. repeat split. Qed.

Example king : king_step (sq "e1") (sq "f2") = true /\ king_step (sq "e1") (sq "e1") = false
  /\ king_step (sq "h1") (sq "a2") = false /\ king_step (sq "e1") (sq "e3") = false.
Proof. vm_compute. repeat split. Qed.

Example pawn : pawn_attack White (sq "e2") (sq "d3") = true /\ pawn_attack White (sq "e2") (sq "f3") = true
  /\ pawn_attack White (sq "e2") (sq "d1") = false /\ pawn_attack White (sq "e2") (sq "e3") = false
  /\ pawn_attack Black (sq "e7") (sq "d6") = true /\ pawn_attack Black (sq "e7") (sq "d8") = false
  /\ pawn_attack White (sq "h2") (sq "a4") = false
  /\ pawn_step White (sq "e2") = sq "e3" /\ pawn_step Black (sq "e7") = sq "e6".
Proof. vm_compute. repeat split. Qed.

Example lines : line Bishop (sq "a1") (sq "h8") = true /\ line Bishop (sq "c1") (sq "h6") = true
  /\ line Bishop (sq "a1") (sq "a8") = false /\ line Rook (sq "a1") (sq "a8") = true
  /\ line Rook (sq "a1") (sq "h1") = true /\ line Rook (sq "a1") (sq "b3") = false
  /\ line Queen (sq "d1") (sq "h5") = true /\ line Queen (sq "d1") (sq "e3") = false
  /\ line Rook (sq "a1") (sq "a1") = false /\ line Knight (sq "g1") (sq "f3") = false.
Proof. vm_compute. repeat split. Qed.

(** The squares strictly between two squares of a line. *)
Example between_diag :
  filter (between (sq "a1") (sq "d4")) all_squares = [sq "b2"; sq "c3"].
Proof. vm_compute. reflexivity. Qed.

Example between_file :
  filter (between (sq "e8") (sq "e1")) all_squares = [sq "e2"; sq "e3"; sq "e4"; sq "e5"; sq "e6"; sq "e7"].
Proof. vm_compute. reflexivity. Qed.

Example between_neighbours : filter (between (sq "e4") (sq "e5")) all_squares = [].
Proof. vm_compute. reflexivity. Qed.

(** ** On the initial position *)

Definition b0 := piece_at initial.

(** The rook on a1 is blocked by the pawn on a2, and does not attack a3. *)
Example rook_blocked : ~ attacks b0 White Rook (sq "a1") (sq "a3").
Proof.
  intros [_ Hc]. specialize (Hc (sq "a2") eq_refl). vm_compute in Hc. discriminate.
Qed.

Example rook_defends : attacks b0 White Rook (sq "a1") (sq "a2").
Proof.
  split; [reflexivity|]. intros x Hx. exfalso.
  pose proof (Facts.on_board_in _ (RulesFast.between_on_board _ _ _ Hx)) as Hin.
  assert (A : forallb (fun x => negb (between (sq "a1") (sq "a2") x)) all_squares = true)
    by (vm_compute; reflexivity).
  pose proof (Facts.forall_squares _ A x Hin) as B. cbv beta in B. rewrite Hx in B. discriminate.
Qed.

(** e3 is attacked by White (pawns on d2 and f2), e5 is not. *)
Example e3_attacked : attacked b0 White (sq "e3").
Proof.
  apply RulesFast.attacked_iff; [vm_compute; tauto|].
  apply RulesCheck.attacked_b_iff. vm_compute. reflexivity.
Qed.

Example e5_not_attacked : ~ attacked b0 White (sq "e5").
Proof.
  rewrite <- RulesFast.attacked_iff by (vm_compute; tauto).
  rewrite <- RulesCheck.attacked_b_iff. vm_compute. discriminate.
Qed.

Example no_check : ~ in_check b0 White.
Proof.
  rewrite <- RulesFast.in_check_iff. apply RulesCheck.in_check_b_false. vm_compute. reflexivity.
Qed.

(** ** Moves *)

Definition after_e4 := fen "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3".

Example e2e4 : legal_move initial (Move Normal (sq "e2") (sq "e4") None) after_e4.
Proof.
  apply RulesFast.legal_move_iff, RulesCheck.legal_move_b_sound. vm_compute. reflexivity.
Qed.

(** The pawn may not jump over a man: after 1. Nc3?? (from b1) c2c4 would
    need c3 empty. *)
Example c2c4_blocked :
  ~ man_moves (piece_at (fen "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR w KQkq -")) White Pawn
      (sq "c2") (sq "c4").
Proof.
  intros [(H & _) | [(_ & _ & H & _) | (H & _)]]; vm_compute in H; discriminate.
Qed.

(** A game step keeps the bookkeeping: 1. e4 from the initial position. *)
Example first_game : game [(initial, Move Normal (sq "e2") (sq "e4") None)] after_e4.
Proof.
  apply (game_next [] initial). { exact game_start. }
  split; [exact e2e4|]. split.
  - intros [|] [|]; vm_compute; reflexivity.
  - vm_compute. reflexivity.
Qed.
