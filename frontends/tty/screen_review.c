/* screen_review.c: stepping through a reviewed game on the full screen:
 * the board of the position stepped to, the verdict on the move that led
 * there, the engine's move and the start of its line, and the evaluation
 * graph with the move marked (drawn by screen_draw.c while ui->review is
 * set). */
#include <curses.h>

#include "frontends/tty/interrupt.h"
#include "frontends/tty/screen_internal.h"

int screen_review(ScreenUi *ui, PlayState *state, const DojoReview *review, bool allow_play)
{
    int play_from = -1;
    ui->state = state;
    ui->review = review;
    ui->review_ply = review->n_moves;
    ui->review_play = allow_play;
    ui->overlay = OVERLAY_NONE;
    screen_layout(ui);
    screen_draw(ui);
    while (!dojo_interrupted()) {
        int code = 0;
        unsigned int key = 0;
        if (!screen_read_key(&code, &key))
            continue;
        int ply = ui->review_ply;
        if (code && key == KEY_RESIZE) {
            screen_layout(ui);
        } else if ((code && key == KEY_LEFT) || (!code && (key == 'h' || key == 'b'))) {
            ply--;
        } else if ((code && key == KEY_RIGHT)
                   || (!code && (key == 'l' || key == 'n' || key == ' ' || key == '\r'
                                 || key == '\n'))) {
            ply++;
        } else if ((code && (key == KEY_HOME || key == KEY_UP)) || (!code && key == 'k')) {
            ply = code && key == KEY_UP ? ply - 10 : 0;
        } else if ((code && (key == KEY_END || key == KEY_DOWN)) || (!code && key == 'j')) {
            ply = code && key == KEY_DOWN ? ply + 10 : review->n_moves;
        } else if (!code && (key == 'q' || key == 27)) {
            break;
        } else if (!code && key == 'p' && allow_play) {
            const void *pos = dj_game_position_at(state->game, ply);
            if (dj_position_outcome(state->variant, pos) == DJ_OUTCOME_ONGOING
                && !(ply == review->n_moves
                     && dj_game_outcome(state->game) != DJ_OUTCOME_ONGOING)) {
                play_from = ply;
                break;
            }
        }
        ui->review_ply = CLAMP(ply, 0, review->n_moves);
        screen_draw(ui);
    }
    ui->review = NULL;
    ui->review_play = false;
    screen_layout(ui);
    screen_draw(ui);
    return play_from;
}
