"""Lightning's visible strings: key -> (French, English)."""

STRINGS: dict[str, tuple[str, str]] = {
    "lightning.title": ("Lightning", "Lightning"),
    "lightning.tagline": ("Relie tes deux bords d'un éclair de tuiles !",
                          "Join your two edges with a bolt of tiles!"),
    "lightning.player1": ("Rouge", "Red"),
    "lightning.player2": ("Bleu", "Blue"),
    "lightning.you": ("Toi", "You"),
    "lightning.computer": ("Ordinateur", "Computer"),
    "lightning.turn.take": ("{name} : pioche une tuile", "{name}: take a tile"),
    "lightning.turn.place": ("{name} : pose ta tuile", "{name}: lay your tile"),
    "lightning.turn.computer": ("L'ordinateur joue…", "The computer is playing…"),
    "lightning.starts": ("Tirage au sort : {name} commence !", "Coin toss: {name} starts!"),
    "lightning.pool": ("Pioche", "Pool"),
    "lightning.pool.count": ("{count} tuiles", "{count} tiles"),
    "lightning.reserve": ("Réserve", "Reserve"),
    "lightning.reserve.empty": ("vide", "empty"),
    "lightning.hand": ("Ta tuile", "Your tile"),
    "lightning.shelve": ("À la réserve", "To the reserve"),
    "lightning.rotate": ("Tourner", "Rotate"),
    "lightning.distance": ("encore {n}", "{n} to go"),
    "lightning.distance.blocked": ("bloqué !", "blocked!"),
    "lightning.start": ("départ", "start"),
    "lightning.arrival": ("arrivée", "arrival"),
    "lightning.illegal": ("Pas ici : une tuile doit toucher une autre tuile ou ta ligne de départ.",
                          "Not here: a tile must touch another tile or your start row."),
    "lightning.illegal.over": ("La partie est finie.", "The game is over."),
    "lightning.illegal.hand_full": ("Pose d'abord la tuile que tu tiens.", "Lay the tile in your hand first."),
    "lightning.illegal.pool_empty": ("La pioche est vide.", "The pool is empty."),
    "lightning.illegal.source": ("Prends une tuile dans la pioche ou la réserve.",
                                 "Take a tile from the pool or the reserve."),
    "lightning.illegal.design": ("Ce n'est pas une tuile du jeu.", "That is not a tile of the game."),
    "lightning.illegal.reserve_empty": ("Il n'y a pas cette tuile dans la réserve.",
                                        "That tile is not in the reserve."),
    "lightning.illegal.no_room": ("Plus aucune case libre pour poser une tuile de la réserve.",
                                  "No free square left for a tile from the reserve."),
    "lightning.illegal.take_first": ("Prends d'abord une tuile, dans la pioche ou la réserve.",
                                     "Take a tile first, from the pool or the reserve."),
    "lightning.illegal.shelve": ("Seule une tuile de la pioche peut aller dans la réserve.",
                                 "Only a tile from the pool may go into the reserve."),
    "lightning.illegal.not_a_move": ("Ce coup n'existe pas.", "That is not a move."),
    "lightning.illegal.rotation": ("Cette tuile ne se tourne pas ainsi.", "That tile does not turn that way."),
    "lightning.illegal.off_board": ("Cette case n'est pas sur le plateau.", "That square is not on the board."),
    "lightning.illegal.occupied": ("Il y a déjà une tuile sur cette case.", "That square already holds a tile."),
    "lightning.illegal.draw": ("Plus de tuile {design} dans la pioche.", "No {design} tile left in the pool."),
    "lightning.end.you": ("Éclair ! Tu as gagné !", "Lightning! You win!"),
    "lightning.end.computer": ("Éclair ! L'ordinateur gagne.", "Lightning! The computer wins."),
    "lightning.end.winner": ("Éclair ! {name} gagne !", "Lightning! {name} wins!"),
    "lightning.end.connected": ("Une ligne continue relie une case de départ à une case d'arrivée "
                                "({tiles} tuiles posées).",
                                "A continuous line joins a start square to an arrival square "
                                "({tiles} tiles laid)."),
    "lightning.end.draw.title": ("Match nul !", "It's a draw!"),
    "lightning.end.draw": ("La pioche et la réserve sont vides et personne n'a relié ses deux bords.",
                           "The pool and the reserve are empty and nobody has joined their two edges."),
    "lightning.again": ("Touche l'écran pour rejouer", "Touch the screen to play again"),
    "lightning.mode.hotseat": ("2 joueurs", "2 players"),
    "lightning.mode.computer": ("Contre l'ordinateur", "Against the computer"),
    "lightning.level.button": ("Niveau : {name}", "Level: {name}"),
    "lightning.level.random": ("Débutant", "Beginner"),
    "lightning.level.builder": ("Bâtisseur", "Builder"),
    "lightning.level.strong": ("Fort", "Strong"),
    "lightning.rules.title": ("Les règles de Lightning", "The rules of Lightning"),
    "lightning.rules.p1.title": ("Le but", "The goal"),
    "lightning.rules.p1.text": (
        "Chaque joueur a son camp de 8 × 17 cases. Construis dans le tien une ligne continue qui relie "
        "une de tes 8 cases de départ (le bord de ton côté) à une de tes 8 cases d'arrivée (au milieu). "
        "Le premier qui réussit gagne, peu importe qui a posé les tuiles !",
        "Each player has a half of 8 × 17 squares. Build a continuous line across yours, from one of "
        "your 8 start squares (your edge) to one of your 8 arrival squares (the middle). The first to "
        "succeed wins, whoever laid the tiles!"),
    "lightning.rules.p2.title": ("À ton tour", "Your turn"),
    "lightning.rules.p2.text": (
        "Prends une tuile dans la pioche (face cachée) ou dans la réserve (face visible). Tourne-la "
        "comme tu veux et pose-la. Une tuile de la pioche peut aussi aller dans la réserve : "
        "tout le monde pourra la prendre.",
        "Take a tile from the pool (face down) or from the reserve (face up). Turn it as you like and "
        "lay it. A tile from the pool may also go to the reserve, where anyone can take it."),
    "lightning.rules.p3.title": ("Où poser ?", "Where to lay it?"),
    "lightning.rules.p3.text": (
        "Sur une de tes cases de départ, ou sur n'importe quelle case qui touche déjà une tuile par un "
        "côté ou un coin : dans ton camp pour avancer, chez l'autre pour lui barrer la route.",
        "On one of your start squares, or on any square that already touches a tile by a side or a "
        "corner: on your half to go forward, on the other half to block the way."),
    "lightning.rules.p4.title": ("Bloqué ? Bifurque !", "Blocked? Branch off!"),
    "lightning.rules.p4.text": (
        "Les chemins peuvent se ramifier : si ton chemin est bloqué, repars de n'importe quelle jonction. "
        "Quand la pioche et la réserve sont vides sans vainqueur, c'est match nul.",
        "Paths may branch: if yours is blocked, go on from any junction. When the pool and the reserve "
        "are empty and nobody has connected, it is a draw."),
    "lightning.rules.p5.title": ("Les tuiles", "The tiles"),
    "lightning.rules.p5.text": (
        "150 tuiles, 5 modèles de 30. Un jeu breveté en 1892 par Harry A. Doty et édité par Selchow & "
        "Righter : l'un des premiers jeux de connexion, avant le Hex (1942). Les dessins des 5 modèles "
        "ne figurent pas dans notre source : ceux-ci sont une reconstruction.",
        "150 tiles, 5 designs of 30. A game patented in 1892 by Harry A. Doty and published by Selchow & "
        "Righter: one of the first connection games, before Hex (1942). The 5 designs are not in our "
        "source: these are a reconstruction."),
    "lightning.design.I": ("droite", "straight"),
    "lightning.design.D": ("diagonale", "diagonal"),
    "lightning.design.L": ("arc", "arc"),
    "lightning.design.Z": ("éclair", "bolt"),
    "lightning.design.S": ("éclair miroir", "mirrored bolt"),
    "lightning.piece.I.the": ("la tuile « droite »", "the straight tile"),
    "lightning.piece.I.a": ("une tuile « droite »", "a straight tile"),
    "lightning.piece.D.the": ("la tuile « diagonale »", "the diagonal tile"),
    "lightning.piece.D.a": ("une tuile « diagonale »", "a diagonal tile"),
    "lightning.piece.L.the": ("la tuile « arc »", "the arc tile"),
    "lightning.piece.L.a": ("une tuile « arc »", "a arc tile"),
    "lightning.piece.Z.the": ("la tuile « éclair »", "the bolt tile"),
    "lightning.piece.Z.a": ("une tuile « éclair »", "a bolt tile"),
    "lightning.piece.S.the": ("la tuile « éclair miroir »", "the mirrored bolt tile"),
    "lightning.piece.S.a": ("une tuile « éclair miroir »", "a mirrored bolt tile"),
    "lightning.physical.draw": ("Pour l'ordinateur : tire une tuile du sac et pose-la sur le rond « main ».",
                                "For the computer: draw a tile from the bag and put it on the hand spot."),
    "lightning.physical.take": ("Pour l'ordinateur : prends {piece} dans la réserve.",
                                "For the computer: take {piece} from the reserve."),
    "lightning.physical.place": ("Pour l'ordinateur : pose {piece} en {to}, tournée comme sur l'écran.",
                                 "For the computer: lay {piece} on {to}, turned as on the screen."),
    "lightning.physical.shelve": ("Pour l'ordinateur : pose {piece} dans la réserve.",
                                  "For the computer: put {piece} in the reserve."),
}
