package tui

import "github.com/outpost-chess/outpost/internal/i18n"

// messages.go is the terminal game's catalogue: every text it shows a
// person, in English and Simplified Chinese (the chess terms Chinese
// players use: 将军 check, 将杀 checkmate, 逼和 stalemate, 和棋 draw, 认输
// resign, 悔棋 take back, 提和 offer a draw, 超时 time forfeit, 白方/黑方).
// A text is a fmt format; %[n]s puts a value where a language needs it.
// Moves stay in SAN. TestMessages checks that every key has a text in
// every language with the same values; TestNoTextOutsideCatalogue that the
// package shows no text that is not here.

// msg is a text's key.
type msg int

const (
	msgStartFailed msg = iota
	msgQuitCancelled
	msgTurned
	msgKeyDoesNothing
	msgMovesNow
	msgPromoteTo
	msgNoPieceOn
	msgNotYours
	msgNoLegalMove
	msgPickedUp
	msgOverUseKeys
	msgAIPaused
	msgAIThinkingKeys
	msgPlayed
	msgNoEngine
	msgTookBack
	msgMoveOne
	msgMoveMany
	msgNothingToRedo
	msgCouldNotRedo
	msgReplayed
	msgAIMayMove
	msgNoEngineDraw
	msgYouOfferDraw
	msgMovePrompt
	msgMovePlaceholder
	msgMoveHelp
	msgTryAgain
	msgSavePrompt
	msgSaveHelp
	msgNotSaved
	msgCouldNotSave
	msgSavedTo
	msgLoadPrompt
	msgLoadHelp
	msgNothingLoaded
	msgCouldNotLoad
	msgLoaded
	msgRematch
	msgRematchNotOver
	msgCouldNotRematch
	msgTitle
	msgGameOver
	msgIsThinking
	msgIsPaused
	msgToMoveNamed
	msgToMove
	msgToMoveInCheck
	msgMayClaim
	msgOffersDraw
	msgPromoteKeys
	msgNotKept
	msgKeptResume
	msgQuitAsk
	msgKeysLong
	msgKeysMedium
	msgKeysShort
	msgKeysTiny
	msgKeysOver
	msgHelpM
	msgHeadMoves
	msgHeadResult
	msgHeadMaterial
	msgHeadThought
	msgHeadThinking
	msgNoneYet
	msgMaterialEqual
	msgStarting
	msgDepthScore
	msgPositions
	msgLine
	msgHelpTitle
	msgHelpBack
	msgHelpMore
	msgTooSmall
	msgKeyArrows
	msgHelpArrows
	msgKeyEnter
	msgHelpEnter
	msgKeyClick
	msgHelpClick
	msgKeyLetters
	msgHelpLetters
	msgKeyColon
	msgHelpColon
	msgHelpDraw
	msgHelpResign
	msgHelpEsc
	msgHelpU
	msgHelpR
	msgHelpT
	msgHelpS
	msgHelpO
	msgHelpN
	msgHelpP
	msgHelpHelp
	msgHelpQ
	msgHelpCtrlU
	msgSideWhite
	msgSideBlack
	msgSideBoth
	msgSideNeither
	msgNewGameWith
	msgNewGamePeople
	msgWithClock
	msgMenuTitle
	msgAboutElo
	msgClassicNote
	msgFullStrength
	msgNoAI
	msgClockNote
	msgNoClocks
	msgYouPlay
	msgLevel
	msgClock
	msgMenuKeys
	msgMenuBack
	msgMenuQuit
	msgUntimed
	msgOutpostLevel
	msgOutpostElo
	msgYou
	msgYouLower
	msgBetweenPeople
	msgAIvsAI
	msgAIvsYou
	msgYouvsAI
	msgErrOverKeys
	msgErrNobodyResigns
	msgDrawClaimed
	msgErrNoDrawToOffer
	msgDrawAgreed
	msgErrOfferedAlready
	msgOfferStands
	msgErrNoFileName
	msgErrNoGameIn
	msgAIAccepts
	msgAIDeclinesBetter
	msgAIDeclinesOpen
	msgWhite
	msgBlack
	msgNotKeptNotice
	msgKeptFarewell
	msgNoLongerKept
	msgOutcome
	msgWinsBy
	msgWins
	msgWinsOnTime
	msgFlagDraw
	msgAborted
	msgDrawBy
	msgDraw
	msgReasonCheckmate
	msgReasonStalemate
	msgReasonFivefold
	msgReasonSeventyFive
	msgReasonMaterial
	msgReasonThreefold
	msgReasonFifty
	msgReasonResignation
	msgReasonAgreement
	msgReasonTime
	msgReasonAdjudication
	msgReasonAborted
	msgPlainIntro
	msgPlainTypeMoves
	msgPlainClocks
	msgPlainClocksNow
	msgPlainNote
	msgPlainOver
	msgPlainEndOfInput
	msgPlainTimeUp
	msgPlainPrompt
	msgPlainToMove
	msgPlainInCheck
	msgPlainMayClaim
	msgPlainOffers
	msgPlainNoMoves
	msgPlainNoClocks
	msgPlainNothingToRedo
	msgPlainTryAgain
	msgPlainUnfinished
	msgPlainLastMove
	msgPlainHelp
	msgIllegalMove
	msgErrGameOverOutcome
	msgErrTimeUp
	msgErrNotYourTurn
	msgErrChanged
	msgErrNoTakeback
	msgErrOverNoTakeback
	msgErrOverNoTakebackPeople
	msgErrNothingToRedo
	msgErrNoDraw
	msgOnce
	msgTwice
	msgTimes
	msgErrAINoOffer
	msgErrNoOffer
	msgErrOfferToPerson
	msgErrPersonNoLevel

	// Why a move is illegal (chess.Why): the values are the move, the side
	// (lower case in English), the piece, from, to, the castling side and
	// the moves an ambiguous one could be.
	msgWhyNotAMove
	msgWhyNotSAN
	msgWhyNotUCI
	msgWhyNullMove
	msgWhyNoPieceOn
	msgWhyNotYourPiece
	msgWhySameSquare
	msgWhyOwnPieceOn
	msgWhyCannotReach
	msgWhyMustPromote
	msgWhyOnlyPawnsPromote
	msgWhyBadPromotion
	msgWhyInCheck
	msgWhyLeavesKingInCheck
	msgWhyNoMatch
	msgWhyNoPawnCapture
	msgWhyNoPawnMove
	msgWhyNoPieceCanMove
	msgWhyCastlingRightLost
	msgWhyCastlingOutOfCheck
	msgWhyCastlingBlocked
	msgWhyCastlingThroughCheck
	msgWhyIncomplete
	msgWhyNoSuchPromotion
	msgWhyAmbiguous

	msgPawn
	msgKnight
	msgBishop
	msgRook
	msgQueen
	msgKing
	msgKingside
	msgQueenside
	msgIllegalIs

	msgFullStop

	// The review (review.go, reviewview.go, the line mode's review).
	msgReviewTitle
	msgReviewReviewing
	msgReviewReady
	msgReviewFailed
	msgReviewNoMoves
	msgReviewStale
	msgReviewKeys
	msgReviewKeysShort
	msgReviewMoveOf
	msgReviewBetter
	msgReviewBest
	msgReviewInaccuracy
	msgReviewMistake
	msgReviewBlunder
	msgReviewMateAllowed
	msgReviewMateMissed
	msgReviewSummary
	msgReviewNoMistake
	msgReviewFirstMistake
	msgReviewLastMistake
	msgReviewPlainStarting
	msgReviewPlainOverHint
	msgReviewHelp
	msgReviewMove
	msgReviewEval
	msgReviewJudgement
	msgReviewBetterHead
	msgReviewInaccuracyWord
	msgReviewMistakeWord
	msgReviewBlunderWord
	msgReviewAccuracy
	msgReviewInaccuracies
	msgReviewMistakes
	msgReviewBlunders
	msgReviewACPL
	msgReviewOpening
	msgReviewLeftBook

	// The puzzle trainer (puzzles.go, puzzleview.go, puzzleplain.go).
	msgPzTitle
	msgPzStatus
	msgPzAllThemes
	msgPzAbout
	msgPzFind
	msgPzGood
	msgPzWrong
	msgPzSolved
	msgPzHint
	msgPzSolution
	msgPzRatingChange
	msgPzNotRated
	msgPzNoneLeft
	msgPzOver
	msgPzThemeNow
	msgPzUnknownTheme
	msgPzKeys
	msgPzKeysOver
	msgPzPlainHelp
	msgPzPlainPrompt
	msgPzFarewell
	msgPzIllegal

	msgCount // the number of keys
)

// messages holds the texts, by language.
var messages = i18n.Catalogue[msg]{
	i18n.English: {
		msgStartFailed:             "Could not start the game: %s",
		msgQuitCancelled:           "Quit cancelled.",
		msgTurned:                  "Board turned around.",
		msgKeyDoesNothing:          "%q does nothing here: press ? for the keys, or : to type a move.",
		msgMovesNow:                "Outpost moves now.",
		msgPromoteTo:               "Promote to: q queen, r rook, b bishop, n knight (Esc: another move).",
		msgNoPieceOn:               "There is no piece on %s.",
		msgNotYours:                "That %s is %s's; %s is to move.",
		msgNoLegalMove:             "The %s on %s has no legal move.",
		msgPickedUp:                "%s on %s: choose where it goes (Esc puts it back).",
		msgOverUseKeys:             "The game is over: u takes back, n starts a new game.",
		msgAIPaused:                "Outpost is paused: p lets it move.",
		msgAIThinkingKeys:          "Outpost is thinking: Esc makes it move now, u takes your move back.",
		msgPlayed:                  "%s played %s.",
		msgNoEngine:                "No engine to play the AI's moves.",
		msgTookBack:                "Took back %d %s.",
		msgMoveOne:                 "move",
		msgMoveMany:                "moves",
		msgNothingToRedo:           "There is nothing to redo: r plays again the moves taken back with u.",
		msgCouldNotRedo:            "Could not redo: %s",
		msgReplayed:                "Replayed %s.",
		msgAIMayMove:               "Outpost may move.",
		msgNoEngineDraw:            "No engine to answer the draw offer.",
		msgYouOfferDraw:            "You offer a draw: Outpost considers it…",
		msgMovePrompt:              "Move: ",
		msgMovePlaceholder:         "e4, Nf3, O-O, e7e8q; or draw, resign",
		msgMoveHelp:                "Type a move in SAN or UCI and press Enter (Esc: back to the board).",
		msgTryAgain:                "%s Try again, or Esc.",
		msgSavePrompt:              "Save as: ",
		msgSaveHelp:                "Enter saves the game as PGN to this file (Ctrl+U clears it, Esc cancels).",
		msgNotSaved:                "Not saved.",
		msgCouldNotSave:            "Could not save: %s",
		msgSavedTo:                 "Saved to %s.",
		msgLoadPrompt:              "Load PGN: ",
		msgLoadHelp:                "Enter loads the first game of this file and goes on with it (Ctrl+U clears the name, Esc cancels).",
		msgNothingLoaded:           "Nothing loaded.",
		msgCouldNotLoad:            "Could not load: %s",
		msgLoaded:                  "Loaded %s (%d %s).",
		msgRematch:                 "Rematch: the same game again from its start, the colours swapped.",
		msgRematchNotOver:          "The game is still on: a rematch comes once it is over (resign to end it).",
		msgCouldNotRematch:         "Could not start the rematch: %s",
		msgTitle:                   "%s   White: %s   Black: %s",
		msgGameOver:                "Game over. %s",
		msgIsThinking:              "%s is thinking…",
		msgIsPaused:                "%s (%s) is paused.",
		msgToMoveNamed:             "%s (%s) to move.",
		msgToMove:                  "%s to move.",
		msgToMoveInCheck:           "%s to move, in check.",
		msgMayClaim:                " You may claim a draw (%s): type :draw.",
		msgOffersDraw:              " %s offers a draw: :draw accepts it, a move declines it.",
		msgPromoteKeys:             "q queen · r rook · b bishop · n knight · Esc: another move",
		msgNotKept:                 "it is not kept",
		msgKeptResume:              "it is kept: outpost play --resume continues it",
		msgQuitAsk:                 "Quit? The game is unfinished (%s). y: quit · n: stay",
		msgKeysLong:                "arrows/ijkl move · Enter pick/put · a-h, NBRQK type a move · u takeback · r redo · t turn · s save · n new · ? help · q quit",
		msgKeysMedium:              "arrows move · Enter pick/put · : move · u takeback · r redo · ? help · q quit",
		msgKeysShort:               "Enter pick/put · : move · ? help · q quit",
		msgKeysTiny:                "? help",
		msgKeysOver:                "m rematch · R review · n new · s save · t turn · ? help · q quit",
		msgHelpM:                   "rematch: once the game is over, play it again with the colours swapped",
		msgHeadMoves:               "Moves",
		msgHeadResult:              "Result",
		msgHeadMaterial:            "Material",
		msgHeadThought:             "Outpost thought",
		msgHeadThinking:            "Outpost is thinking %s",
		msgNoneYet:                 "  none yet",
		msgMaterialEqual:           "equal",
		msgStarting:                "starting…",
		msgDepthScore:              "depth %d  score %s (White's view)",
		msgPositions:               "%s positions  %s/s",
		msgLine:                    "line %s",
		msgHelpTitle:               "Outpost — keys",
		msgHelpBack:                "Press any key to go back to the game.",
		msgHelpMore:                "↑↓ %d/%d · any other key: back",
		msgTooSmall:                "The terminal is too small for the board: %d×%d, and it needs at least %d×%d. Make the window larger (or use outpost play --plain). The game goes on: q quits.",
		msgKeyArrows:               "arrows, i j k l",
		msgHelpArrows:              "move the cursor (i up, k down, j left, l right)",
		msgKeyEnter:                "Enter, space",
		msgHelpEnter:               "pick up a piece, put it down",
		msgKeyClick:                "mouse click",
		msgHelpClick:               "the same, on the square clicked",
		msgKeyLetters:              "a-h, N B R Q K O",
		msgHelpLetters:             "type a move starting with that letter: e4, Nf3, O-O",
		msgKeyColon:                ": or /",
		msgHelpColon:               "type a move in SAN or UCI: e4, Nf3, O-O, e7e8q",
		msgHelpDraw:                "typed \"draw\" claims a draw, accepts one offered or offers one",
		msgHelpResign:              "typed \"resign\" resigns",
		msgHelpEsc:                 "put the piece back; make Outpost move now",
		msgHelpU:                   "take back your last move (and Outpost's reply)",
		msgHelpR:                   "redo: play again the moves taken back, until a new move",
		msgHelpT:                   "turn the board around",
		msgHelpS:                   "save the game as PGN (asks for a file name)",
		msgHelpO:                   "load a game saved as PGN and go on with it",
		msgHelpN:                   "a new game (the start menu)",
		msgHelpP:                   "pause Outpost, or let it move again",
		msgHelpHelp:                "this help",
		msgHelpQ:                   "quit (unfinished games are kept: outpost play --resume)",
		msgHelpCtrlU:               "clear a move or file name being typed",
		msgSideWhite:               "White",
		msgSideBlack:               "Black",
		msgSideBoth:                "both sides (two people)",
		msgSideNeither:             "neither (watch Outpost play itself)",
		msgNewGameWith:             "New game: %s.",
		msgNewGamePeople:           "New game between two people.",
		msgWithClock:               "%s, %s",
		msgMenuTitle:               "%s — a new game",
		msgAboutElo:                "about %d Elo",
		msgClassicNote:             "the tutorials' minimax, about %d Elo",
		msgFullStrength:            "full strength",
		msgNoAI:                    "(no AI in this game)",
		msgClockNote:               "each side's minutes + seconds a move",
		msgNoClocks:                "no clocks",
		msgYouPlay:                 "You play",
		msgLevel:                   "Level",
		msgClock:                   "Clock",
		msgMenuKeys:                "↑↓ choose · ←→ change · 1-8, c, m: level · Enter: start",
		msgMenuBack:                "Esc: back to the game · q: quit",
		msgMenuQuit:                "q: quit",
		msgUntimed:                 "untimed",
		msgOutpostLevel:            "Outpost level %s",
		msgOutpostElo:              "Outpost %s",
		msgYou:                     "You",
		msgYouLower:                "you",
		msgBetweenPeople:           "between two people",
		msgAIvsAI:                  "%s (White) against %s (Black)",
		msgAIvsYou:                 "%s (White) against you",
		msgYouvsAI:                 "you (White) against %s",
		msgErrOverKeys:             "the game is over: take back (u) or start a new game (n)",
		msgErrNobodyResigns:        "both sides are Outpost's: nobody here can resign",
		msgDrawClaimed:             "Draw claimed by %s.",
		msgErrNoDrawToOffer:        "no draw to claim, and Outpost offers none to itself",
		msgDrawAgreed:              "Draw agreed.",
		msgErrOfferedAlready:       "you have offered a draw already: make your move, and the other side may accept it",
		msgOfferStands:             "%s offers a draw: %s accepts by typing draw, or declines by moving.",
		msgErrNoFileName:           "no file name given",
		msgErrNoGameIn:             "%s holds no game",
		msgAIAccepts:               "Outpost accepts the draw.",
		msgAIDeclinesBetter:        "Outpost declines the draw: it stands better (%s).",
		msgAIDeclinesOpen:          "Outpost declines the draw: the position is still open (%s).",
		msgWhite:                   "White",
		msgBlack:                   "Black",
		msgNotKeptNotice:           "Games are not kept (%s).",
		msgKeptFarewell:            "The game is kept: outpost play --resume continues it.",
		msgNoLongerKept:            "the game is no longer kept for --resume: %s",
		msgOutcome:                 "%s: %s",
		msgWinsBy:                  "%s wins by %s",
		msgWins:                    "%s wins",
		msgWinsOnTime:              "%s wins on time",
		msgFlagDraw:                "Draw: a flag fell, but the other side could never checkmate",
		msgAborted:                 "Game aborted: no first move came in time",
		msgDrawBy:                  "Draw by %s",
		msgDraw:                    "Draw",
		msgReasonCheckmate:         "checkmate",
		msgReasonStalemate:         "stalemate",
		msgReasonFivefold:          "fivefold repetition",
		msgReasonSeventyFive:       "the seventy-five-move rule",
		msgReasonMaterial:          "insufficient material",
		msgReasonThreefold:         "threefold repetition",
		msgReasonFifty:             "the fifty-move rule",
		msgReasonResignation:       "resignation",
		msgReasonAgreement:         "agreement",
		msgReasonTime:              "time forfeit",
		msgReasonAdjudication:      "adjudication",
		msgReasonAborted:           "aborted",
		msgPlainIntro:              "Outpost, line mode. White: %s. Black: %s.",
		msgPlainTypeMoves:          "Type moves in SAN or UCI (e4, Nf3, O-O, e7e8q); help lists the commands.",
		msgPlainClocks:             "Clocks (%s): %s.",
		msgPlainClocksNow:          "Clocks: %s.",
		msgPlainNote:               "Note: %s",
		msgPlainOver:               "Game over. %s",
		msgPlainEndOfInput:         "End of input.",
		msgPlainTimeUp:             "Time is up.",
		msgPlainPrompt:             "%s Your move:",
		msgPlainToMove:             "%s to move",
		msgPlainInCheck:            ", in check",
		msgPlainMayClaim:           " (you may claim a draw by %s: draw)",
		msgPlainOffers:             " (%s offers a draw: draw accepts it, a move declines it)",
		msgPlainNoMoves:            "No moves yet.",
		msgPlainNoClocks:           "This game has no clocks.",
		msgPlainNothingToRedo:      "There is nothing to redo: redo plays again the moves taken back with undo.",
		msgPlainTryAgain:           "%s. Try again (help lists the commands).",
		msgPlainUnfinished:         "The game is unfinished.",
		msgPlainLastMove:           "Last move: %s",
		msgPlainHelp:               "Type a move in SAN or UCI: e4, Nf3, O-O, exd5, e7e8q, g1f3.\nCommands:\n  board      show the board\n  moves      list the moves played\n  undo       take back your last move (and Outpost's reply)\n  redo       play again what the last undo took back (until a new move)\n  save FILE  save the game as PGN\n  load FILE  go on with the first game of a PGN file\n  draw       claim a draw (threefold repetition, fifty-move rule); else\n             accept the draw offered to you, or offer one\n  resign     resign the game\n  clock      show the clocks\n  review     review the game: each move's evaluation and judgement, the\n             better moves, each side's accuracy\n  rematch    once the game is over, play it again with the colours swapped\n  help       this list\n  quit       stop (an unfinished game is kept for outpost play --resume)",
		msgIllegalMove:             "%s",
		msgErrGameOverOutcome:      "the game is over (%s)",
		msgErrTimeUp:               "time is up: %s",
		msgErrNotYourTurn:          "it is not your move: Outpost plays %s",
		msgErrChanged:              "the game changed while Outpost was thinking",
		msgErrNoTakeback:           "there is no move of yours to take back",
		msgErrOverNoTakeback:       "the game is over (%s): it cannot be taken back",
		msgErrOverNoTakebackPeople: "the game is over (%s): between two people a finished game cannot be taken back",
		msgErrNothingToRedo:        "there is nothing to redo",
		msgErrNoDraw:               "no draw to claim: the position has occurred %s (a claim needs three times) and %d half-moves were played since the last capture or pawn move (a claim needs 100)",
		msgOnce:                    "once",
		msgTwice:                   "twice",
		msgTimes:                   "%d times",
		msgErrAINoOffer:            "%s is played by Outpost, which does not offer draws",
		msgErrNoOffer:              "%s has not offered a draw",
		msgErrOfferToPerson:        "%s is a person: offer the draw to them",
		msgErrPersonNoLevel:        "%s is played by a person, who has no level",
		msgWhyNotAMove:             "\"%[1]s\" is not a move",
		msgWhyNotSAN:               "\"%[1]s\" is not a move in algebraic notation (like Nf3, exd5, O-O or e8=Q)",
		msgWhyNotUCI:               "\"%[1]s\" is not a move in UCI notation (like e2e4 or e7e8q)",
		msgWhyNullMove:             "the null move is never legal",
		msgWhyNoPieceOn:            "there is no piece on %[4]s",
		msgWhyNotYourPiece:         "the %[3]s on %[4]s is %[2]s's, and it is the other side's turn",
		msgWhySameSquare:           "a move must change squares",
		msgWhyOwnPieceOn:           "%[2]s's own %[3]s stands on %[5]s",
		msgWhyCannotReach:          "the %[3]s on %[4]s cannot move to %[5]s",
		msgWhyMustPromote:          "a pawn reaching %[5]s must promote (to a queen, rook, bishop or knight)",
		msgWhyOnlyPawnsPromote:     "only a pawn reaching the last rank promotes",
		msgWhyBadPromotion:         "a pawn cannot promote to a %[3]s",
		msgWhyInCheck:              "the %[2]s king is in check and the move does not answer it",
		msgWhyLeavesKingInCheck:    "it would leave the %[2]s king in check",
		msgWhyNoMatch:              "it does not match a legal move of this position",
		msgWhyNoPawnCapture:        "no %[2]s pawn can capture on %[5]s",
		msgWhyNoPawnMove:           "no %[2]s pawn can move to %[5]s (a pawn capture names its file, like exd5)",
		msgWhyNoPieceCanMove:       "no %[2]s %[3]s can move to %[5]s",
		msgWhyCastlingRightLost:    "%[2]s has lost the right to castle %[6]s",
		msgWhyCastlingOutOfCheck:   "%[2]s cannot castle out of check",
		msgWhyCastlingBlocked:      "the squares between the %[2]s king and rook are not empty",
		msgWhyCastlingThroughCheck: "the %[2]s king would cross or land on an attacked square",
		msgWhyIncomplete:           "a pawn reaching %[5]s must promote: add =Q, =R, =B or =N",
		msgWhyNoSuchPromotion:      "there is no such promotion",
		msgWhyAmbiguous:            "\"%[1]s\" is ambiguous: it could be %[7]s",
		msgPawn:                    "pawn",
		msgKnight:                  "knight",
		msgBishop:                  "bishop",
		msgRook:                    "rook",
		msgQueen:                   "queen",
		msgKing:                    "king",
		msgKingside:                "kingside",
		msgQueenside:               "queenside",
		msgIllegalIs:               "%s is illegal: %s",
		msgFullStop:                ".",
		msgReviewTitle:             "Review",
		msgReviewReviewing:         "Reviewing the game: %d of %d positions searched…",
		msgReviewReady:             "The review is ready: R shows it.",
		msgReviewFailed:            "The review failed: %s",
		msgReviewNoMoves:           "There is no move to review yet.",
		msgReviewStale:             "The game has changed since: R reviews it again.",
		msgReviewKeys:              "←/→ move · Home/End · n/p next/previous mistake · Esc back to the game",
		msgReviewKeysShort:         "←/→ · n/p mistakes · Esc back",
		msgReviewMoveOf:            "Move %d of %d",
		msgReviewBetter:            "Better: %s",
		msgReviewBest:              "The engine's move.",
		msgReviewInaccuracy:        "Inaccuracy",
		msgReviewMistake:           "Mistake",
		msgReviewBlunder:           "Blunder",
		msgReviewMateAllowed:       "Checkmate is now unavoidable.",
		msgReviewMateMissed:        "Lost forced checkmate sequence.",
		msgReviewSummary:           "%-5s %s  ?!%d ?%d ??%d  ACPL %d",
		msgReviewNoMistake:         "No inaccuracy, mistake or blunder in this game.",
		msgReviewFirstMistake:      "No mistake before this one.",
		msgReviewLastMistake:       "No mistake after this one.",
		msgReviewPlainStarting:     "Reviewing the game (%d positions)…",
		msgReviewPlainOverHint:     "Type review for the game's review, rematch to play it again with the colours swapped, save FILE to keep it, quit to leave.",
		msgReviewHelp:              "review the game: evaluations, mistakes, better moves, accuracy",
		msgReviewMove:              "move",
		msgReviewEval:              "eval",
		msgReviewJudgement:         "judgement",
		msgReviewBetterHead:        "better",
		msgReviewInaccuracyWord:    "inaccuracy",
		msgReviewMistakeWord:       "mistake",
		msgReviewBlunderWord:       "blunder",
		msgReviewAccuracy:          "accuracy",
		msgReviewInaccuracies:      "inaccuracies",
		msgReviewMistakes:          "mistakes",
		msgReviewBlunders:          "blunders",
		msgReviewACPL:              "average centipawn loss",
		msgReviewOpening:           "Opening",
		msgReviewLeftBook:          "out of the book after",
		msgPzTitle:                 "Outpost — puzzles",
		msgPzStatus:                "Rating %d · streak %d · theme: %s",
		msgPzAllThemes:             "all",
		msgPzAbout:                 "Puzzle %s, rated %d: %s",
		msgPzFind:                  "%s to move: find the best move.",
		msgPzGood:                  "%s is right. The reply: %s. Go on.",
		msgPzWrong:                 "%s is not the move. Try again, ? for a hint, s for the solution, n for the next puzzle.",
		msgPzSolved:                "%s: solved!",
		msgPzHint:                  "Hint: move the %s on %s (the puzzle no longer counts as solved).",
		msgPzSolution:              "The solution: %s",
		msgPzRatingChange:          "Rating %d → %d (%+d).",
		msgPzNotRated:              "Your rating is not kept: %s",
		msgPzNoneLeft:              "No puzzle left with this theme: t (or theme) chooses another.",
		msgPzOver:                  "This puzzle is over: n for the next one.",
		msgPzThemeNow:              "Theme: %s, from the next puzzle on.",
		msgPzUnknownTheme:          "No puzzle has the theme %q. The themes: %s.",
		msgPzKeys:                  "arrows/ijkl move · Enter pick up, put down · type a move · ? hint · s solution · n next · t theme · q quit",
		msgPzKeysOver:              "n next puzzle · t theme · q quit",
		msgPzPlainHelp:             "Type your move (SAN or UCI: Qxf7, h5f7), or: hint, solution, next, theme [NAME] (none: all), quit.",
		msgPzPlainPrompt:           "Your move: ",
		msgPzFarewell:              "Puzzle rating %d, streak %d.",
		msgPzIllegal:               "%s Try again.",
	},
	i18n.Chinese: {
		msgStartFailed:             "无法开始对局：%s",
		msgQuitCancelled:           "已取消退出。",
		msgTurned:                  "棋盘已翻转。",
		msgKeyDoesNothing:          "%q 在这里没有作用：按 ? 查看按键，或按 : 输入着法。",
		msgMovesNow:                "Outpost 立即走棋。",
		msgPromoteTo:               "升变为：q 后、r 车、b 象、n 马（Esc：换一步棋）。",
		msgNoPieceOn:               "%s 上没有棋子。",
		msgNotYours:                "那个%[1]s属于%[2]s；现在轮到%[3]s走棋。",
		msgNoLegalMove:             "%[2]s 上的%[1]s没有合法着法。",
		msgPickedUp:                "%[2]s 上的%[1]s：选择要走到哪里（Esc 放回）。",
		msgOverUseKeys:             "对局已结束：u 悔棋，n 开始新对局。",
		msgAIPaused:                "Outpost 已暂停：按 p 让它走棋。",
		msgAIThinkingKeys:          "Outpost 正在思考：Esc 让它立即走棋，u 撤回你的着法。",
		msgPlayed:                  "%s走了 %s。",
		msgNoEngine:                "没有引擎来替电脑走棋。",
		msgTookBack:                "悔了 %d %s。",
		msgMoveOne:                 "步",
		msgMoveMany:                "步",
		msgNothingToRedo:           "没有可重走的着法：r 会重走用 u 撤回的着法。",
		msgCouldNotRedo:            "无法重走：%s",
		msgReplayed:                "重走了 %s。",
		msgAIMayMove:               "Outpost 可以走棋了。",
		msgNoEngineDraw:            "没有引擎来答复提和。",
		msgYouOfferDraw:            "你提和：Outpost 正在考虑…",
		msgMovePrompt:              "着法：",
		msgMovePlaceholder:         "e4, Nf3, O-O, e7e8q；或输入 draw（提和）、resign（认输）",
		msgMoveHelp:                "用 SAN 或 UCI 输入着法并按回车（Esc：回到棋盘）。",
		msgTryAgain:                "%s请重试，或按 Esc。",
		msgSavePrompt:              "另存为：",
		msgSaveHelp:                "回车把对局以 PGN 存到这个文件（Ctrl+U 清空，Esc 取消）。",
		msgNotSaved:                "未保存。",
		msgCouldNotSave:            "无法保存：%s",
		msgSavedTo:                 "已保存到 %s。",
		msgLoadPrompt:              "载入 PGN：",
		msgLoadHelp:                "回车载入这个文件里的第一局棋并接着下（Ctrl+U 清空文件名，Esc 取消）。",
		msgNothingLoaded:           "未载入。",
		msgCouldNotLoad:            "无法载入：%s",
		msgLoaded:                  "已载入 %s（%d %s）。",
		msgRematch:                 "再来一局：从头再下这一局，交换颜色。",
		msgRematchNotOver:          "对局还没结束：结束后才能再来一局（认输可结束对局）。",
		msgCouldNotRematch:         "无法再来一局：%s",
		msgTitle:                   "%s   白方：%s   黑方：%s",
		msgGameOver:                "对局结束。%s",
		msgIsThinking:              "%s 正在思考…",
		msgIsPaused:                "%s（%s）已暂停。",
		msgToMoveNamed:             "轮到%[1]s（%[2]s）走棋。",
		msgToMove:                  "轮到%s走棋。",
		msgToMoveInCheck:           "轮到%s走棋，被将军。",
		msgMayClaim:                " 你可以要求和棋（%s）：输入 :draw。",
		msgOffersDraw:              " %s提和：:draw 接受，走棋即拒绝。",
		msgPromoteKeys:             "q 后 · r 车 · b 象 · n 马 · Esc：换一步棋",
		msgNotKept:                 "不会保存",
		msgKeptResume:              "已保存：outpost play --resume 可以继续",
		msgQuitAsk:                 "退出？对局还没结束（%s）。y：退出 · n：留下",
		msgKeysLong:                "方向键/ijkl 移动 · 回车 拿起/放下 · a-h、NBRQK 输入着法 · u 悔棋 · r 重走 · t 翻转 · s 保存 · n 新局 · ? 帮助 · q 退出",
		msgKeysMedium:              "方向键 移动 · 回车 拿起/放下 · : 着法 · u 悔棋 · r 重走 · ? 帮助 · q 退出",
		msgKeysShort:               "回车 拿起/放下 · : 着法 · ? 帮助 · q 退出",
		msgKeysTiny:                "? 帮助",
		msgKeysOver:                "m 再来一局 · R 复盘 · n 新局 · s 保存 · t 翻转 · ? 帮助 · q 退出",
		msgHelpM:                   "再来一局：对局结束后，交换颜色再下一局",
		msgHeadMoves:               "着法",
		msgHeadResult:              "结果",
		msgHeadMaterial:            "子力",
		msgHeadThought:             "Outpost 的思考",
		msgHeadThinking:            "Outpost 正在思考 %s",
		msgNoneYet:                 "  还没有",
		msgMaterialEqual:           "相等",
		msgStarting:                "开始…",
		msgDepthScore:              "深度 %d  分数 %s（白方视角）",
		msgPositions:               "%s 个局面  每秒 %s",
		msgLine:                    "变化 %s",
		msgHelpTitle:               "Outpost — 按键",
		msgHelpBack:                "按任意键回到对局。",
		msgHelpMore:                "↑↓ %d/%d · 其他键：返回",
		msgTooSmall:                "终端太小，放不下棋盘：现在是 %d×%d，至少需要 %d×%d。请把窗口调大（或使用 outpost play --plain）。对局仍在进行：q 退出。",
		msgKeyArrows:               "方向键，i j k l",
		msgHelpArrows:              "移动光标（i 上，k 下，j 左，l 右）",
		msgKeyEnter:                "回车，空格",
		msgHelpEnter:               "拿起棋子，放下棋子",
		msgKeyClick:                "鼠标点击",
		msgHelpClick:               "同上，作用于点击的格子",
		msgKeyLetters:              "a-h，N B R Q K O",
		msgHelpLetters:             "输入以这个字母开头的着法：e4、Nf3、O-O",
		msgKeyColon:                ": 或 /",
		msgHelpColon:               "用 SAN 或 UCI 输入着法：e4、Nf3、O-O、e7e8q",
		msgHelpDraw:                "输入 \"draw\"：要求和棋、接受对方提和，或提和",
		msgHelpResign:              "输入 \"resign\"：认输",
		msgHelpEsc:                 "放回棋子；让 Outpost 立即走棋",
		msgHelpU:                   "悔棋：撤回你的上一步（以及 Outpost 的应着）",
		msgHelpR:                   "重走：重新走出撤回的着法（直到走了新的一步）",
		msgHelpT:                   "翻转棋盘",
		msgHelpS:                   "把对局存为 PGN（会询问文件名）",
		msgHelpO:                   "载入 PGN 对局并接着下",
		msgHelpN:                   "新对局（开始菜单）",
		msgHelpP:                   "暂停 Outpost，或让它继续走棋",
		msgHelpHelp:                "这个帮助",
		msgHelpQ:                   "退出（未结束的对局会保存：outpost play --resume）",
		msgHelpCtrlU:               "清空正在输入的着法或文件名",
		msgSideWhite:               "白方",
		msgSideBlack:               "黑方",
		msgSideBoth:                "双方（两位棋手）",
		msgSideNeither:             "都不执（观看 Outpost 自我对弈）",
		msgNewGameWith:             "新对局：%s。",
		msgNewGamePeople:           "新对局：两位棋手对弈。",
		msgWithClock:               "%s，%s",
		msgMenuTitle:               "%s — 新对局",
		msgAboutElo:                "约 %d 等级分",
		msgClassicNote:             "教程里的 minimax，约 %d 等级分",
		msgFullStrength:            "全力",
		msgNoAI:                    "（这局没有电脑）",
		msgClockNote:               "每方分钟数 + 每步加秒",
		msgNoClocks:                "双方想多久都行",
		msgYouPlay:                 "你执",
		msgLevel:                   "等级",
		msgClock:                   "棋钟",
		msgMenuKeys:                "↑↓ 选择 · ←→ 更改 · 1-8、c、m：等级 · 回车：开始",
		msgMenuBack:                "Esc：回到对局 · q：退出",
		msgMenuQuit:                "q：退出",
		msgUntimed:                 "不计时",
		msgOutpostLevel:            "Outpost %s 级",
		msgOutpostElo:              "Outpost %s",
		msgYou:                     "你",
		msgYouLower:                "你",
		msgBetweenPeople:           "两位棋手对弈",
		msgAIvsAI:                  "%s（白方）对 %s（黑方）",
		msgAIvsYou:                 "%s（白方）对你",
		msgYouvsAI:                 "你（白方）对 %s",
		msgErrOverKeys:             "对局已结束：悔棋（u）或开始新对局（n）",
		msgErrNobodyResigns:        "双方都由 Outpost 执子：这里没有人可以认输",
		msgDrawClaimed:             "已要求和棋：%s。",
		msgErrNoDrawToOffer:        "没有可要求的和棋，而 Outpost 不会向自己提和",
		msgDrawAgreed:              "双方同意和棋。",
		msgErrOfferedAlready:       "你已经提和了：走你的棋，对方可以接受",
		msgOfferStands:             "%s提和：%s输入 draw 接受，或走棋拒绝。",
		msgErrNoFileName:           "没有给出文件名",
		msgErrNoGameIn:             "%s 里没有对局",
		msgAIAccepts:               "Outpost 接受和棋。",
		msgAIDeclinesBetter:        "Outpost 拒绝和棋：它的局面更好（%s）。",
		msgAIDeclinesOpen:          "Outpost 拒绝和棋：局面仍有变化（%s）。",
		msgWhite:                   "白方",
		msgBlack:                   "黑方",
		msgNotKeptNotice:           "对局不会保存（%s）。",
		msgKeptFarewell:            "对局已保存：outpost play --resume 可以继续。",
		msgNoLongerKept:            "对局不再为 --resume 保存：%s",
		msgOutcome:                 "%s：%s",
		msgWinsBy:                  "%s胜（%s）",
		msgWins:                    "%s胜",
		msgWinsOnTime:              "%s胜（对方超时）",
		msgFlagDraw:                "和棋：一方超时，但另一方不可能将杀",
		msgAborted:                 "对局已中止：第一步没有按时走出",
		msgDrawBy:                  "和棋（%s）",
		msgDraw:                    "和棋",
		msgReasonCheckmate:         "将杀",
		msgReasonStalemate:         "逼和",
		msgReasonFivefold:          "五次重复局面",
		msgReasonSeventyFive:       "七十五回合规则",
		msgReasonMaterial:          "子力不足",
		msgReasonThreefold:         "三次重复局面",
		msgReasonFifty:             "五十回合规则",
		msgReasonResignation:       "认输",
		msgReasonAgreement:         "双方同意",
		msgReasonTime:              "超时",
		msgReasonAdjudication:      "裁决",
		msgReasonAborted:           "中止",
		msgPlainIntro:              "Outpost，行模式。白方：%s。黑方：%s。",
		msgPlainTypeMoves:          "用 SAN 或 UCI 输入着法（e4、Nf3、O-O、e7e8q）；help 列出所有命令。",
		msgPlainClocks:             "棋钟（%s）：%s。",
		msgPlainClocksNow:          "棋钟：%s。",
		msgPlainNote:               "注意：%s",
		msgPlainOver:               "对局结束。%s",
		msgPlainEndOfInput:         "输入结束。",
		msgPlainTimeUp:             "时间到。",
		msgPlainPrompt:             "%s 请走棋：",
		msgPlainToMove:             "轮到%s走棋",
		msgPlainInCheck:            "，被将军",
		msgPlainMayClaim:           "（你可以要求和棋：%s，输入 draw）",
		msgPlainOffers:             "（%s提和：输入 draw 接受，走棋即拒绝）",
		msgPlainNoMoves:            "还没有着法。",
		msgPlainNoClocks:           "这局棋不计时。",
		msgPlainNothingToRedo:      "没有可重走的着法：redo 会重走用 undo 撤回的着法。",
		msgPlainTryAgain:           "%s。请重试（help 列出所有命令）。",
		msgPlainUnfinished:         "对局还没结束。",
		msgPlainLastMove:           "上一步：%s",
		msgPlainHelp:               "用 SAN 或 UCI 输入着法：e4、Nf3、O-O、exd5、e7e8q、g1f3。\n命令：\n  board      显示棋盘\n  moves      列出已走的着法\n  undo       悔棋：撤回你的上一步（以及 Outpost 的应着）\n  redo       重走上一次 undo 撤回的着法（直到走了新的一步）\n  save FILE  把对局存为 PGN\n  load FILE  载入 PGN 文件里的第一局并接着下\n  draw       要求和棋（三次重复局面、五十回合规则）；否则\n             接受对方的提和，或提和\n  resign     认输\n  clock      显示棋钟\n  review     复盘：每着的评估和判断、更好的着法、双方的准确率\n  rematch    对局结束后，交换颜色再来一局\n  help       这个列表\n  quit       停止（未结束的对局会为 outpost play --resume 保存）",
		msgIllegalMove:             "%s",
		msgErrGameOverOutcome:      "对局已结束（%s）",
		msgErrTimeUp:               "时间到：%s",
		msgErrNotYourTurn:          "还没轮到你：%s由 Outpost 执子",
		msgErrChanged:              "Outpost 思考时对局有了变化",
		msgErrNoTakeback:           "没有你的着法可以悔棋",
		msgErrOverNoTakeback:       "对局已结束（%s）：不能悔棋",
		msgErrOverNoTakebackPeople: "对局已结束（%s）：两位棋手之间结束的对局不能悔棋",
		msgErrNothingToRedo:        "没有可以重走的着法",
		msgErrNoDraw:               "现在不能要求和棋：这个局面出现了 %s（需要 3 次），自上次吃子或走兵以来走了 %d 个半回合（需要 100 个）",
		msgOnce:                    "1 次",
		msgTwice:                   "2 次",
		msgTimes:                   "%d 次",
		msgErrAINoOffer:            "%s由 Outpost 执子，它不会提和",
		msgErrNoOffer:              "%s没有提和",
		msgErrOfferToPerson:        "%s是棋手：请向对方提和",
		msgErrPersonNoLevel:        "%s由棋手执子，没有等级",
		msgWhyNotAMove:             "“%[1]s”不是一步棋",
		msgWhyNotSAN:               "“%[1]s”不是代数记谱法的着法（例如 Nf3、exd5、O-O 或 e8=Q）",
		msgWhyNotUCI:               "“%[1]s”不是 UCI 记谱法的着法（例如 e2e4 或 e7e8q）",
		msgWhyNullMove:             "空着永远不合法",
		msgWhyNoPieceOn:            "%[4]s 上没有棋子",
		msgWhyNotYourPiece:         "%[4]s 上的%[3]s属于%[2]s，现在轮到对方走棋",
		msgWhySameSquare:           "一步棋必须换一个格子",
		msgWhyOwnPieceOn:           "%[5]s 上是%[2]s自己的%[3]s",
		msgWhyCannotReach:          "%[4]s 上的%[3]s不能走到 %[5]s",
		msgWhyMustPromote:          "走到 %[5]s 的兵必须升变（后、车、象或马）",
		msgWhyOnlyPawnsPromote:     "只有走到底线的兵才能升变",
		msgWhyBadPromotion:         "兵不能升变为%[3]s",
		msgWhyInCheck:              "%[2]s的王正被将军，这步棋没有解将",
		msgWhyLeavesKingInCheck:    "走后%[2]s的王会被将军",
		msgWhyNoMatch:              "它不是这个局面里的合法着法",
		msgWhyNoPawnCapture:        "%[2]s没有兵能吃 %[5]s",
		msgWhyNoPawnMove:           "%[2]s没有兵能走到 %[5]s（兵吃子要写出所在的列，例如 exd5）",
		msgWhyNoPieceCanMove:       "%[2]s没有%[3]s能走到 %[5]s",
		msgWhyCastlingRightLost:    "%[2]s已失去%[6]s的权利",
		msgWhyCastlingOutOfCheck:   "%[2]s被将军时不能易位",
		msgWhyCastlingBlocked:      "%[2]s的王和车之间有棋子",
		msgWhyCastlingThroughCheck: "%[2]s的王会经过或停在被攻击的格子",
		msgWhyIncomplete:           "走到 %[5]s 的兵必须升变：加上 =Q、=R、=B 或 =N",
		msgWhyNoSuchPromotion:      "没有这种升变",
		msgWhyAmbiguous:            "“%[1]s”有歧义：它可以是 %[7]s",
		msgPawn:                    "兵",
		msgKnight:                  "马",
		msgBishop:                  "象",
		msgRook:                    "车",
		msgQueen:                   "后",
		msgKing:                    "王",
		msgKingside:                "短易位",
		msgQueenside:               "长易位",
		msgIllegalIs:               "%s 不合法：%s",
		msgFullStop:                "。",
		msgReviewTitle:             "复盘",
		msgReviewReviewing:         "正在复盘：已分析 %d / %d 个局面…",
		msgReviewReady:             "复盘已完成：按 R 查看。",
		msgReviewFailed:            "复盘失败：%s",
		msgReviewNoMoves:           "还没有可复盘的着法。",
		msgReviewStale:             "对局已有变化：按 R 重新复盘。",
		msgReviewKeys:              "←/→ 着法 · Home/End · n/p 下一个/上一个失误 · Esc 返回对局",
		msgReviewKeysShort:         "←/→ · n/p 失误 · Esc 返回",
		msgReviewMoveOf:            "第 %d 着，共 %d 着",
		msgReviewBetter:            "更好：%s",
		msgReviewBest:              "引擎的着法。",
		msgReviewInaccuracy:        "疑问着",
		msgReviewMistake:           "错着",
		msgReviewBlunder:           "漏着",
		msgReviewMateAllowed:       "现在已无法避免被将杀。",
		msgReviewMateMissed:        "错过了强制将杀。",
		msgReviewSummary:           "%-5s %s  ?!%d ?%d ??%d  平均厘兵损失 %d",
		msgReviewNoMistake:         "这局棋没有疑问着、错着或漏着。",
		msgReviewFirstMistake:      "这之前没有失误。",
		msgReviewLastMistake:       "这之后没有失误。",
		msgReviewPlainStarting:     "正在复盘（%d 个局面）…",
		msgReviewPlainOverHint:     "输入 review 查看复盘，rematch 交换颜色再来一局，save 文件名 保存对局，quit 退出。",
		msgReviewHelp:              "复盘：评估、失误、更好的着法、准确率",
		msgReviewMove:              "着法",
		msgReviewEval:              "评估",
		msgReviewJudgement:         "判断",
		msgReviewBetterHead:        "更好的着法",
		msgReviewInaccuracyWord:    "疑问着",
		msgReviewMistakeWord:       "错着",
		msgReviewBlunderWord:       "漏着",
		msgReviewAccuracy:          "准确率",
		msgReviewInaccuracies:      "疑问着",
		msgReviewMistakes:          "错着",
		msgReviewBlunders:          "漏着",
		msgReviewACPL:              "平均厘兵损失",
		msgReviewOpening:           "开局",
		msgReviewLeftBook:          "离开开局库于",
		msgPzTitle:                 "Outpost — 战术题",
		msgPzStatus:                "等级分 %d · 连对 %d · 主题：%s",
		msgPzAllThemes:             "全部",
		msgPzAbout:                 "题目 %s，难度 %d：%s",
		msgPzFind:                  "轮到%s走：找出最好的一着。",
		msgPzGood:                  "%s 正确。对手应着：%s。继续。",
		msgPzWrong:                 "%s 不对。再试一次；? 提示，s 看答案，n 下一题。",
		msgPzSolved:                "%s：解出来了！",
		msgPzHint:                  "提示：走 %[2]s 上的%[1]s（本题不再算作解出）。",
		msgPzSolution:              "答案：%s",
		msgPzRatingChange:          "等级分 %d → %d（%+d）。",
		msgPzNotRated:              "等级分不会保存：%s",
		msgPzNoneLeft:              "这个主题没有题目了：按 t（或输入 theme）换主题。",
		msgPzOver:                  "本题已结束：按 n 做下一题。",
		msgPzThemeNow:              "主题：%s，从下一题开始。",
		msgPzUnknownTheme:          "没有题目属于主题 %q。主题有：%s。",
		msgPzKeys:                  "方向键/ijkl 移动 · Enter 拿起、放下 · 输入着法 · ? 提示 · s 答案 · n 下一题 · t 主题 · q 退出",
		msgPzKeysOver:              "n 下一题 · t 主题 · q 退出",
		msgPzPlainHelp:             "输入你的着法（SAN 或 UCI：Qxf7、h5f7），或：hint 提示，solution 答案，next 下一题，theme [主题]（不写则全部），quit 退出。",
		msgPzPlainPrompt:           "你的着法：",
		msgPzFarewell:              "战术题等级分 %d，连对 %d。",
		msgPzIllegal:               "%s请重试。",
	},
}
