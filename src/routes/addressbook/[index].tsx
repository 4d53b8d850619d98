import { createFileRoute } from '@tanstack/react-router';
import { addressBookSearch } from '@/features/addressbook/addressbook-search';
import { AddressBookPage } from '@/features/addressbook/components/address-book-page';

export const Route = createFileRoute('/addressbook/index')({
  staticData: { title: '通讯录', index: 1, home: true },
  validateSearch: addressBookSearch,
  component: AddressBook,
});

function AddressBook() {
  const { trail } = Route.useSearch();
  return <AddressBookPage trail={trail} />;
}
