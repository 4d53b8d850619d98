import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NumberBox, normalizeNumber, normalizeStep } from '@/components/number-box';

describe('NumberBox (spec §5)', () => {
  it('replaces empty or non-numeric values with the minimum or 0 and clamps', () => {
    expect(normalizeNumber('', 3)).toBe(3);
    expect(normalizeNumber('abc')).toBe(0);
    expect(normalizeNumber(null)).toBe(0);
    expect(normalizeNumber('7abc', 2, 9)).toBe(2);
    expect(normalizeNumber('8', 1, 10)).toBe(8);
    expect(normalizeNumber(12, 1, 10)).toBe(10);
    expect(normalizeNumber(-4, 1, 10)).toBe(1);
  });

  it('uses an integer step, default 1', () => {
    expect(normalizeStep(undefined)).toBe(1);
    expect(normalizeStep(2.7)).toBe(2);
    expect(normalizeStep(0)).toBe(1);
    expect(normalizeStep(-3)).toBe(1);
  });

  it('disables minus at the minimum and plus at the maximum, stepping by the integer step', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<NumberBox value={1} min={1} max={5} step={2} onChange={onChange} />);
    expect((screen.getByRole('button', { name: '减少' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: '增加' }));
    expect(onChange).toHaveBeenCalledWith(3);
    rerender(<NumberBox value={4} min={1} max={5} step={2} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: '增加' }));
    expect(onChange).toHaveBeenLastCalledWith(5);
    rerender(<NumberBox value={5} min={1} max={5} step={2} onChange={onChange} />);
    expect((screen.getByRole('button', { name: '增加' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: '减少' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows an empty value as the minimum and normalises typed text when the field is left or enter is pressed', async () => {
    const onChange = vi.fn();
    render(<NumberBox value="" min={2} max={9} onChange={onChange} />);
    const input = screen.getAllByLabelText('数量').find((el) => el.tagName === 'INPUT') as HTMLInputElement;
    expect(input.value).toBe('2');
    await userEvent.clear(input);
    await userEvent.type(input, 'x');
    await userEvent.tab();
    expect(onChange).toHaveBeenLastCalledWith(2);
    expect(input.value).toBe('2');
    await userEvent.clear(input);
    await userEvent.type(input, '42{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(9);
    expect(input.value).toBe('9');
  });
});
