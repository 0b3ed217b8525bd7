"""Lewthwaite's visible strings: key -> (French, English). Rules follow the IREMI article (2021)."""

STRINGS: dict[str, tuple[str, str]] = {
    "lewthwaite.title": ("Lewthwaite", "Lewthwaite"),
    "lewthwaite.tagline": (
        "Glisse tes jetons dans le trou. Celui qui est bloqué a perdu !",
        "Slide your tokens into the hole. Whoever is stuck loses!",
    ),
    "lewthwaite.color.red": ("les rouges", "red"),
    "lewthwaite.color.blue": ("les bleus", "blue"),
    "lewthwaite.Color.red": ("Rouge", "Red"),
    "lewthwaite.Color.blue": ("Bleu", "Blue"),
    "lewthwaite.turn": ("À toi, {color} !", "Your turn, {color}!"),
    "lewthwaite.turn.computer": ("{color} réfléchit…", "{color} is thinking…"),
    "lewthwaite.turn.computer.who": ("C'est l'ordinateur qui joue : {level}.", "The computer plays: {level}."),
    "lewthwaite.turn.tokens": ("Touche un de tes jetons à côté du trou.", "Touch one of your tokens next to the hole."),
    "lewthwaite.turn.snake": (
        "Touche une case lumineuse pour avancer le pion.",
        "Touch a glowing square to move the pawn.",
    ),
    "lewthwaite.level.random": ("Bébé (3 ans)", "Toddler (age 3)"),
    "lewthwaite.level.greedy": ("Malin", "Clever"),
    "lewthwaite.level.perfect": ("Champion", "Champion"),
    "lewthwaite.moves": ("Coups joués : {n}", "Moves played: {n}"),
    "lewthwaite.view.snake": ("Vue serpent", "Snake view"),
    "lewthwaite.view.tokens": ("Vue jetons", "Token view"),
    "lewthwaite.end.blocked": ("{Loser} ne peuvent plus bouger.", "{Loser} cannot move."),
    "lewthwaite.end.moves": ("Partie finie en {n} coups.", "Game over after {n} moves."),
    "lewthwaite.illegal.moved": (
        "Ce jeton a déjà bougé : un jeton ne bouge jamais deux fois.",
        "That token has already moved: no token ever moves twice.",
    ),
    "lewthwaite.illegal.far": ("Ce jeton n'est pas à côté du trou.", "That token is not next to the hole."),
    "lewthwaite.illegal.color": (
        "Ce n'est pas ta couleur : c'est au tour {of_color}.",
        "That is not your colour: it is {of_color}'s turn.",
    ),
    "lewthwaite.illegal.turn.red": (
        "Ce n'est pas ta couleur : c'est au tour des rouges.",
        "That is not your colour: it is red's turn.",
    ),
    "lewthwaite.illegal.turn.blue": (
        "Ce n'est pas ta couleur : c'est au tour des bleus.",
        "That is not your colour: it is blue's turn.",
    ),
    "lewthwaite.illegal.hole": (
        "C'est le trou : touche un jeton à côté.",
        "That is the hole: touch a token next to it.",
    ),
    "lewthwaite.illegal.off_board": ("Ce n'est pas une case du plateau.", "That is not a square of the board."),
    "lewthwaite.illegal.over": ("La partie est finie.", "The game is over."),
    "lewthwaite.illegal.of.red": ("des rouges", "red"),
    "lewthwaite.illegal.of.blue": ("des bleus", "blue"),
    "lewthwaite.hint.win": (
        "Tu peux gagner : joue le jeton marqué. Ensuite, quoi que joue ton adversaire, "
        "réponds avec l'autre moitié de son domino.",
        "You can win: move the marked token. Then, whatever your opponent moves, "
        "answer with the other half of its domino.",
    ),
    "lewthwaite.hint.lose": (
        "Ton adversaire peut gagner s'il ne se trompe jamais : chaque fois que tu joues, il répond avec "
        "l'autre moitié du domino. Joue le jeton marqué pour faire durer la partie.",
        "Your opponent can win if they never slip: whatever you move, they answer with the other half "
        "of its domino. Move the marked token to make the game last.",
    ),
    "lewthwaite.hint.win.snake": (
        "Tu peux gagner : avance le pion sur la case marquée. Ensuite, quoi que joue ton adversaire, "
        "avance sur l'autre moitié de son domino.",
        "You can win: move the pawn to the marked square. Then, whatever your opponent does, "
        "move on to the other half of its domino.",
    ),
    "lewthwaite.hint.lose.snake": (
        "Ton adversaire peut gagner s'il ne se trompe jamais : chaque fois que tu avances, il avance sur "
        "l'autre moitié du domino. Va sur la case marquée pour faire durer la partie.",
        "Your opponent can win if they never slip: wherever you go, they move on to the other half of "
        "the domino. Go to the marked square to make the game last.",
    ),
    "lewthwaite.hint.title": ("Les dominos gagnants", "The winning dominoes"),
    "lewthwaite.players": ("Joueurs", "Players"),
    "lewthwaite.chart.axis": ("Longueur de la partie (en coups)", "Game length (moves)"),
    "lewthwaite.chart.red": ("les rouges gagnent (nombre impair)", "red wins (odd length)"),
    "lewthwaite.chart.blue": ("les bleus gagnent (nombre pair)", "blue wins (even length)"),
    # Rules screen, after the IREMI article (Busser & Hoarau, 2021).
    "lewthwaite.rules.title": ("Le jeu de Lewthwaite", "Lewthwaite's game"),
    "lewthwaite.rules.p1.title": ("Le matériel", "What you need"),
    "lewthwaite.rules.p1.text": (
        "Une grille de 5 × 5 cases, 12 jetons rouges et 12 jetons bleus. On les pose en damier, "
        "en alternant les couleurs. Comme 5 × 5 = 25 et 12 + 12 = 24, la case du milieu reste vide : "
        "c'est le trou.",
        "A 5 × 5 grid, 12 red tokens and 12 blue tokens, laid out like a checkerboard, alternating "
        "colours. Since 5 × 5 = 25 and 12 + 12 = 24, the middle square stays empty: that is the hole.",
    ),
    "lewthwaite.rules.p2.title": ("Jouer", "How to play"),
    "lewthwaite.rules.p2.text": (
        "À ton tour, fais glisser un de tes jetons dans le trou, tout droit : en haut, en bas, à gauche "
        "ou à droite (jamais en diagonale). La couleur des jetons qui touchent le trou commence : ici, "
        "les rouges.",
        "On your turn, slide one of your tokens into the hole, straight: up, down, left or right "
        "(never diagonally). The colour of the tokens touching the hole starts: here, red.",
    ),
    "lewthwaite.rules.p3.title": ("Gagner", "Winning"),
    "lewthwaite.rules.p3.text": (
        "Si c'est ton tour et qu'aucun de tes jetons ne peut glisser dans le trou, tu es bloqué : "
        "tu as perdu ! Ici, quatre jetons rouges en croix bloquent les bleus.",
        "If it is your turn and none of your tokens can slide into the hole, you are stuck: you lose! "
        "Here, four red tokens in a cross block blue.",
    ),
    "lewthwaite.rules.p4.title": ("Un jeton ne bouge qu'une fois", "A token moves only once"),
    "lewthwaite.rules.p4.text": (
        "Un jeton qui a bougé ne peut plus jamais bouger. Une partie dure donc au plus 24 coups, et "
        "il n'y a jamais de match nul. Le trou trace un chemin qui ne repasse jamais au même endroit : "
        "la vue serpent montre la partie avec un seul pion qui avance.",
        "A token that has moved can never move again. So a game lasts at most 24 moves, and there is "
        "never a draw. The hole traces a path that never crosses itself: the snake view shows the game "
        "as a single pawn walking along.",
    ),
    "lewthwaite.rules.p5.title": ("La stratégie des dominos", "The domino strategy"),
    "lewthwaite.rules.p5.text": (
        "Les 24 cases autour du trou se pavent avec 12 dominos. Chaque fois que le premier joueur bouge "
        "un jeton, le second bouge l'autre jeton du même domino. Il peut toujours le faire : le second "
        "joueur gagne à coup sûr. Le bouton Indice montre ces dominos.",
        "The 24 squares around the hole can be covered by 12 dominoes. Whenever the first player moves "
        "a token, the second moves the other token of the same domino. That is always possible: the "
        "second player always wins. The Hint button shows the dominoes.",
    ),
    "lewthwaite.rules.p6.title": ("En jouant au hasard", "Playing at random"),
    "lewthwaite.rules.p6.text": (
        "Si les deux joueurs jouent au hasard, le premier gagne {p} % des parties et une partie dure "
        "{mean} coups en moyenne (calculé à l'instant sur toutes les parties possibles ; l'article "
        "trouvait environ 35 % et 15,3 sur 100 000 parties simulées).",
        "If both players move at random, the first one wins {p}% of games and a game lasts {mean} "
        "moves on average (computed just now over every possible game; the article found about 35% and "
        "15.3 from 100,000 simulated games).",
    ),
    "lewthwaite.turn.physical": (
        "Glisse un de tes jetons dans le trou, sur le plateau.",
        "Slide one of your tokens into the hole, on the board.",
    ),
    "lewthwaite.piece.R.the": ("le jeton rouge", "the red token"),
    "lewthwaite.piece.R.a": ("un jeton rouge", "a red token"),
    "lewthwaite.piece.B.the": ("le jeton bleu", "the blue token"),
    "lewthwaite.piece.B.a": ("un jeton bleu", "a blue token"),
    "lewthwaite.physical.guide": (
        "Joue pour l'ordinateur : glisse le jeton qui clignote ({from}) dans le trou ({to}).",
        "Play for the computer: slide the blinking token ({from}) into the hole ({to}).",
    ),
}
