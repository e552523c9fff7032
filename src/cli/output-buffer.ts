/**
 * Collects output text and writes it in large pieces, waiting for the stream to drain when it
 * is full: one `write` per ~256 KiB instead of one per line, and bounded memory when the reader
 * of a pipe is slower than we are.
 */
export class OutputBuffer {
  private text = '';

  constructor(
    private readonly stream: NodeJS.WritableStream,
    private readonly highWater = 1 << 18,
  ) {}

  /** Appends a line (a newline is added). */
  line(s: string): void {
    this.text += s + '\n';
  }

  /** Writes what has gathered if it is more than the high-water mark (call between chunks). */
  async maybeFlush(): Promise<void> {
    if (this.text.length >= this.highWater) await this.flush();
  }

  /** Writes everything gathered and waits until the stream can take more. */
  async flush(): Promise<void> {
    if (this.text === '') return;
    const text = this.text;
    this.text = '';
    if (!this.stream.write(text)) await new Promise<void>((resolve) => this.stream.once('drain', () => resolve()));
  }
}
