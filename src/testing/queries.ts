import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** The table row holding `text`. */
export const rowOf = (text: string): HTMLTableRowElement => screen.getByText(text).closest('tr')!;

/** Opens the select labelled `label` and picks `option`. */
export async function chooseOption(label: string, option: string): Promise<void> {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}
