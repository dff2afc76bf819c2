/**
 * What the rest of the app uses of classes: other features, the shell and App import it only from
 * here. Nothing at present: App loads the class screens lazily by their modules, and the pieces
 * other features used went to their owners (the class-code lookup to auth, the tournament's
 * classes card to tournaments), so classes imports them and not the other way (issue 27).
 */
export {};
