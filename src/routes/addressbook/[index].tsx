import { createFileRoute } from '@tanstack/react-router';
import { AddressBookPage } from '@/features/addressbook/components/address-book-page';

export const Route = createFileRoute('/addressbook/index')({
  staticData: { title: '通讯录', index: 1, home: true },
  component: AddressBookPage,
});
