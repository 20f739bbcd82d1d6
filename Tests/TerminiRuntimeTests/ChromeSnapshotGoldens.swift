/// What `ChromeSnapshotTests` expects each scene to look like in each built-in theme: written by running it with
/// TERMINI_CHROME_GOLDENS=<dir> and reviewing the files it writes there.
enum ChromeSnapshotGoldens {
    static let screens: [String: String] = [
        "light dialog": """
            screen 40x12
            style a: fg=#ffffff bg=#005f87 bold
            style b: fg=#005fd7 bg=#f3f3f3
            style c: fg=#1c1c1c bg=#f3f3f3
            style d: fg=#1c1c1c bg=#f3f3f3 bold
            style e: fg=#ffffff bg=#005fd7
            style f: fg=#303030 bg=#e4e4e4
            style g: fg=#000000 bg=#e4e4e4 bold underline
            row  0 | ‹ Inbox
                   |aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
            row  1 |
            row  2 |       ╭────────────────────────╮
                   |       bbbbbbbbbbbbbbbbbbbbbbbbbb
            row  3 |       │        Delete?         │
                   |       bccccccccdddddddcccccccccb
            row  4 |       │                        │
                   |       bccccccccccccccccccccccccb
            row  5 |       │ This cannot be undone. │
                   |       bccccccccccccccccccccccccb
            row  6 |       │                        │
                   |       bccccccccccccccccccccccccb
            row  7 |       │ [ Cancel ]  [ Delete ] │
                   |       bceeeeeeeeeecccccccccccccb
            row  8 |       ╰────────────────────────╯
                   |       bbbbbbbbbbbbbbbbbbbbbbbbbb
            row  9 |
            row 10 |  Inbox  │  Sent
                   |fgggggggffffffffffffffffffffffffffffffff
            row 11 | ^R Refresh  ? Help
                   |ffffffffffffffffffffffffffffffffffffffff
            """ + "\n",
        "light sheet": """
            screen 30x12
            style a: fg=#005fd7 bg=#f3f3f3
            style b: fg=#1c1c1c bg=#f3f3f3
            style c: fg=#1c1c1c bg=#f3f3f3 bold
            style d: fg=#000000 bg=#cfe0ff bold
            style e: fg=#767676 bg=#f3f3f3
            row  0 |
            row  1 |
            row  2 |
            row  3 |
            row  4 |       ╭─────────────╮
                   |       aaaaaaaaaaaaaaa
            row  5 |       │  ⠋ Syncing  │
                   |       abbbbcccccccbba
            row  6 |       ╰─╭──────────╮╯
                   |       aaaaaaaaaaaaaaa
            row  7 |         │  Copy    │
                   |         abbbbbbbbbba
            row  8 |         │  Delete  │
                   |         abddddddddba
            row  9 |         │ ──────── │
                   |         abaaaaaaaaba
            row 10 |         │  Cancel  │
                   |         abbeeeeeebba
            row 11 |         ╰──────────╯
                   |         aaaaaaaaaaaa
            """ + "\n",
        "light toast": """
            screen 24x8
            style a: fg=#c00000 bg=#f3f3f3
            style b: fg=#1c1c1c bg=#f3f3f3
            style c: fg=#c00000 bg=#f3f3f3 bold
            style d: fg=#006400 bg=#f3f3f3
            style e: fg=#006400 bg=#f3f3f3 bold
            row 0 |
            row 1 |      ╭─────────╮
                  |      aaaaaaaaaaa
            row 2 |      │ Offline │
                  |      abcccccccba
            row 3 |      ╰─────────╯
                  |      aaaaaaaaaaa
            row 4 |       ╭────────╮
                  |       dddddddddd
            row 5 |       │ Saved! │
                  |       dbeeeeeebd
            row 6 |       ╰────────╯
                  |       dddddddddd
            row 7 |
            """ + "\n",
        "light field": """
            screen 44x12
            style a: fg=#005fd7 bg=#f3f3f3
            style b: fg=#1c1c1c bg=#f3f3f3
            style c: fg=#1c1c1c bg=#f3f3f3 bold
            style d: fg=#767676 bg=#f3f3f3 bold underline reverse
            style e: fg=#767676 bg=#f3f3f3 bold underline
            style f: fg=#1c1c1c bg=#f3f3f3 bold underline
            style g: fg=#c00000 bg=#f3f3f3
            row  0 |
            row  1 |
            row  2 |  ╭──────────────────────────────────────╮
                   |  aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
            row  3 |  │                Points                │
                   |  abbbbbbbbbbbbbbbbccccccbbbbbbbbbbbbbbbba
            row  4 |  │                                      │
                   |  abbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbba
            row  5 |  │ 1 to 13                              │
                   |  abdeeeeeefffffffffffffffffffffffffffffba
            row  6 |  │ Points please                        │
                   |  abgggggggggggggbbbbbbbbbbbbbbbbbbbbbbbba
            row  7 |  │                                      │
                   |  abbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbba
            row  8 |  │          [ Cancel ]  [ OK ]          │
                   |  abbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbba
            row  9 |  ╰──────────────────────────────────────╯
                   |  aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
            row 10 |
            row 11 |
            """ + "\n",
        "light error": """
            screen 36x12
            style a: fg=white bg=red bold
            style b: bg=red
            style c: bold
            style d: fg=cyan
            style e: dim
            style f: reverse
            row  0 | JavaScript error
                   |aaaaaaaaaaaaaaaaaabbbbbbbbbbbbbbbbbb
            row  1 |
            row  2 | TypeError: x is not a function
                   | cccccccccccccccccccccccccccccc
            row  3 |
            row  4 | at main.js:53:64
                   | dddddddddddddddd
            row  5 | in handler 'reset'
                   | dddddddddddddddddd
            row  6 |
            row  7 | JS stack:
                   | eeeeeeeee
            row  8 |   reset@main.js:53:64
                   |   eeeeeeeeeeeeeeeeeee
            row  9 |   guarded@core.js:67:24
                   |   eeeeeeeeeeeeeeeeeeeee
            row 10 |
            row 11 | Esc: leave this page    Ctrl-C: q…
                   | ffffffffffffffffffffffffffffffffff
            """ + "\n",
        "dark dialog": """
            screen 40x12
            style a: fg=#ffffff bg=#3a3a5a bold
            style b: fg=#87afff bg=#262626
            style c: fg=#e4e4e4 bg=#262626
            style d: fg=#e4e4e4 bg=#262626 bold
            style e: fg=#1c1c1c bg=#87afff
            style f: fg=#bcbcbc bg=#303030
            style g: fg=#ffffff bg=#303030 bold underline
            row  0 | ‹ Inbox
                   |aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
            row  1 |
            row  2 |       ╭────────────────────────╮
                   |       bbbbbbbbbbbbbbbbbbbbbbbbbb
            row  3 |       │        Delete?         │
                   |       bccccccccdddddddcccccccccb
            row  4 |       │                        │
                   |       bccccccccccccccccccccccccb
            row  5 |       │ This cannot be undone. │
                   |       bccccccccccccccccccccccccb
            row  6 |       │                        │
                   |       bccccccccccccccccccccccccb
            row  7 |       │ [ Cancel ]  [ Delete ] │
                   |       bceeeeeeeeeecccccccccccccb
            row  8 |       ╰────────────────────────╯
                   |       bbbbbbbbbbbbbbbbbbbbbbbbbb
            row  9 |
            row 10 |  Inbox  │  Sent
                   |fgggggggffffffffffffffffffffffffffffffff
            row 11 | ^R Refresh  ? Help
                   |ffffffffffffffffffffffffffffffffffffffff
            """ + "\n",
        "dark sheet": """
            screen 30x12
            style a: fg=#87afff bg=#262626
            style b: fg=#e4e4e4 bg=#262626
            style c: fg=#e4e4e4 bg=#262626 bold
            style d: fg=#ffffff bg=#3a5f8f bold
            style e: fg=#8a8a8a bg=#262626
            row  0 |
            row  1 |
            row  2 |
            row  3 |
            row  4 |       ╭─────────────╮
                   |       aaaaaaaaaaaaaaa
            row  5 |       │  ⠋ Syncing  │
                   |       abbbbcccccccbba
            row  6 |       ╰─╭──────────╮╯
                   |       aaaaaaaaaaaaaaa
            row  7 |         │  Copy    │
                   |         abbbbbbbbbba
            row  8 |         │  Delete  │
                   |         abddddddddba
            row  9 |         │ ──────── │
                   |         abaaaaaaaaba
            row 10 |         │  Cancel  │
                   |         abbeeeeeebba
            row 11 |         ╰──────────╯
                   |         aaaaaaaaaaaa
            """ + "\n",
        "dark toast": """
            screen 24x8
            style a: fg=#ff6b6b bg=#262626
            style b: fg=#e4e4e4 bg=#262626
            style c: fg=#ff6b6b bg=#262626 bold
            style d: fg=#87d787 bg=#262626
            style e: fg=#87d787 bg=#262626 bold
            row 0 |
            row 1 |      ╭─────────╮
                  |      aaaaaaaaaaa
            row 2 |      │ Offline │
                  |      abcccccccba
            row 3 |      ╰─────────╯
                  |      aaaaaaaaaaa
            row 4 |       ╭────────╮
                  |       dddddddddd
            row 5 |       │ Saved! │
                  |       dbeeeeeebd
            row 6 |       ╰────────╯
                  |       dddddddddd
            row 7 |
            """ + "\n",
        "dark field": """
            screen 44x12
            style a: fg=#87afff bg=#262626
            style b: fg=#e4e4e4 bg=#262626
            style c: fg=#e4e4e4 bg=#262626 bold
            style d: fg=#8a8a8a bg=#262626 bold underline reverse
            style e: fg=#8a8a8a bg=#262626 bold underline
            style f: fg=#e4e4e4 bg=#262626 bold underline
            style g: fg=#ff6b6b bg=#262626
            row  0 |
            row  1 |
            row  2 |  ╭──────────────────────────────────────╮
                   |  aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
            row  3 |  │                Points                │
                   |  abbbbbbbbbbbbbbbbccccccbbbbbbbbbbbbbbbba
            row  4 |  │                                      │
                   |  abbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbba
            row  5 |  │ 1 to 13                              │
                   |  abdeeeeeefffffffffffffffffffffffffffffba
            row  6 |  │ Points please                        │
                   |  abgggggggggggggbbbbbbbbbbbbbbbbbbbbbbbba
            row  7 |  │                                      │
                   |  abbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbba
            row  8 |  │          [ Cancel ]  [ OK ]          │
                   |  abbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbba
            row  9 |  ╰──────────────────────────────────────╯
                   |  aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
            row 10 |
            row 11 |
            """ + "\n",
        "dark error": """
            screen 36x12
            style a: fg=white bg=red bold
            style b: bg=red
            style c: bold
            style d: fg=cyan
            style e: dim
            style f: reverse
            row  0 | JavaScript error
                   |aaaaaaaaaaaaaaaaaabbbbbbbbbbbbbbbbbb
            row  1 |
            row  2 | TypeError: x is not a function
                   | cccccccccccccccccccccccccccccc
            row  3 |
            row  4 | at main.js:53:64
                   | dddddddddddddddd
            row  5 | in handler 'reset'
                   | dddddddddddddddddd
            row  6 |
            row  7 | JS stack:
                   | eeeeeeeee
            row  8 |   reset@main.js:53:64
                   |   eeeeeeeeeeeeeeeeeee
            row  9 |   guarded@core.js:67:24
                   |   eeeeeeeeeeeeeeeeeeeee
            row 10 |
            row 11 | Esc: leave this page    Ctrl-C: q…
                   | ffffffffffffffffffffffffffffffffff
            """ + "\n",
        "high-contrast dialog": """
            screen 40x12
            style a: fg=#000000 bg=#ffffff bold
            style b: fg=#ffffff bg=#000000
            style c: fg=#ffffff bg=#000000 bold
            style d: fg=#000000 bg=#ffff00 bold
            style e: fg=#000000 bg=#ffffff
            style f: fg=#000000 bg=#ffff00 bold underline
            row  0 | ‹ Inbox
                   |aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
            row  1 |
            row  2 |       ╭────────────────────────╮
                   |       bbbbbbbbbbbbbbbbbbbbbbbbbb
            row  3 |       │        Delete?         │
                   |       bbbbbbbbbcccccccbbbbbbbbbb
            row  4 |       │                        │
                   |       bbbbbbbbbbbbbbbbbbbbbbbbbb
            row  5 |       │ This cannot be undone. │
                   |       bbbbbbbbbbbbbbbbbbbbbbbbbb
            row  6 |       │                        │
                   |       bbbbbbbbbbbbbbbbbbbbbbbbbb
            row  7 |       │ [ Cancel ]  [ Delete ] │
                   |       bbddddddddddbbbbbbbbbbbbbb
            row  8 |       ╰────────────────────────╯
                   |       bbbbbbbbbbbbbbbbbbbbbbbbbb
            row  9 |
            row 10 |  Inbox  │  Sent
                   |efffffffeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee
            row 11 | ^R Refresh  ? Help
                   |eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee
            """ + "\n",
        "high-contrast sheet": """
            screen 30x12
            style a: fg=#ffffff bg=#000000
            style b: fg=#ffffff bg=#000000 bold
            style c: fg=#000000 bg=#00ffff bold
            style d: fg=#c0c0c0 bg=#000000
            row  0 |
            row  1 |
            row  2 |
            row  3 |
            row  4 |       ╭─────────────╮
                   |       aaaaaaaaaaaaaaa
            row  5 |       │  ⠋ Syncing  │
                   |       aaaaabbbbbbbaaa
            row  6 |       ╰─╭──────────╮╯
                   |       aaaaaaaaaaaaaaa
            row  7 |         │  Copy    │
                   |         aaaaaaaaaaaa
            row  8 |         │  Delete  │
                   |         aaccccccccaa
            row  9 |         │ ──────── │
                   |         aaaaaaaaaaaa
            row 10 |         │  Cancel  │
                   |         aaaddddddaaa
            row 11 |         ╰──────────╯
                   |         aaaaaaaaaaaa
            """ + "\n",
        "high-contrast toast": """
            screen 24x8
            style a: fg=#ff8080 bg=#000000
            style b: fg=#ffffff bg=#000000
            style c: fg=#ff8080 bg=#000000 bold
            style d: fg=#00ff00 bg=#000000
            style e: fg=#00ff00 bg=#000000 bold
            row 0 |
            row 1 |      ╭─────────╮
                  |      aaaaaaaaaaa
            row 2 |      │ Offline │
                  |      abcccccccba
            row 3 |      ╰─────────╯
                  |      aaaaaaaaaaa
            row 4 |       ╭────────╮
                  |       dddddddddd
            row 5 |       │ Saved! │
                  |       dbeeeeeebd
            row 6 |       ╰────────╯
                  |       dddddddddd
            row 7 |
            """ + "\n",
        "high-contrast field": """
            screen 44x12
            style a: fg=#ffffff bg=#000000
            style b: fg=#ffffff bg=#000000 bold
            style c: fg=#c0c0c0 bg=#000000 bold underline reverse
            style d: fg=#c0c0c0 bg=#000000 bold underline
            style e: fg=#ffffff bg=#000000 bold underline
            style f: fg=#ff8080 bg=#000000 bold
            row  0 |
            row  1 |
            row  2 |  ╭──────────────────────────────────────╮
                   |  aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
            row  3 |  │                Points                │
                   |  aaaaaaaaaaaaaaaaabbbbbbaaaaaaaaaaaaaaaaa
            row  4 |  │                                      │
                   |  aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
            row  5 |  │ 1 to 13                              │
                   |  aacddddddeeeeeeeeeeeeeeeeeeeeeeeeeeeeeaa
            row  6 |  │ Points please                        │
                   |  aafffffffffffffaaaaaaaaaaaaaaaaaaaaaaaaa
            row  7 |  │                                      │
                   |  aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
            row  8 |  │          [ Cancel ]  [ OK ]          │
                   |  aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
            row  9 |  ╰──────────────────────────────────────╯
                   |  aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
            row 10 |
            row 11 |
            """ + "\n",
        "high-contrast error": """
            screen 36x12
            style a: fg=white bg=red bold
            style b: bg=red
            style c: bold
            style d: fg=cyan
            style e: dim
            style f: reverse
            row  0 | JavaScript error
                   |aaaaaaaaaaaaaaaaaabbbbbbbbbbbbbbbbbb
            row  1 |
            row  2 | TypeError: x is not a function
                   | cccccccccccccccccccccccccccccc
            row  3 |
            row  4 | at main.js:53:64
                   | dddddddddddddddd
            row  5 | in handler 'reset'
                   | dddddddddddddddddd
            row  6 |
            row  7 | JS stack:
                   | eeeeeeeee
            row  8 |   reset@main.js:53:64
                   |   eeeeeeeeeeeeeeeeeee
            row  9 |   guarded@core.js:67:24
                   |   eeeeeeeeeeeeeeeeeeeee
            row 10 |
            row 11 | Esc: leave this page    Ctrl-C: q…
                   | ffffffffffffffffffffffffffffffffff
            """ + "\n",
    ]
}
