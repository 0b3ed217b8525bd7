// Compiles the parser for the Arduino Uno's ATmega328P with a real instantiation, so avr-g++
// generates (and size-checks) its code: avr-g++ -mmcu=atmega328p -Os -c avr_check.cpp
#include "../kiosk_leds/adalight_parser.h"

static uint8_t pixels[272 * 3];
static AdalightParser parser(pixels, 272);

extern "C" uint32_t kiosk_feed(uint8_t byte, uint32_t now_ms) {
  return parser.feed(byte, now_ms) ? parser.count() : 0;
}
